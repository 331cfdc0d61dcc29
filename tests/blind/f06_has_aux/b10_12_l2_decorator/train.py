"""Train the classifier on three Gaussian blobs."""
import jax
import jax.numpy as jnp

from classifier.model import cross_entropy


def blobs(n=90, seed=0):
    centers = jnp.array([[2.0, 0.0], [-1.0, 1.7], [-1.0, -1.7]])
    labels = jnp.arange(n) % 3
    x = centers[labels] + 0.5 * jax.random.normal(jax.random.key(seed), (n, 2))
    return x, labels


def train(steps=50, lr=0.5):
    x, labels = blobs()
    params = {"w": jnp.zeros((2, 3)), "b": jnp.zeros(3)}
    grad_fn = jax.value_and_grad(cross_entropy, has_aux=True)
    for _ in range(steps):
        (loss, metrics), grads = grad_fn(params, x, labels)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss, metrics


def main():
    loss, metrics = train()
    print("loss", float(loss), "accuracy", float(metrics["accuracy"]))


if __name__ == "__main__":
    main()
