"""Softmax classifier on Gaussian blobs: first JAX version of train_baseline.py."""
import jax
import jax.numpy as jnp

from losses import accuracy, cross_entropy

NUM_CLASSES = 3
LR = 0.3


def model(params, x):
    return x @ params["W"] + params["b"]


def loss_fn(params, x, labels):
    logits = model(params, x)
    return jnp.mean(cross_entropy(logits, labels, NUM_CLASSES))  # F.cross_entropy averages


@jax.jit
def train_step(params, x, labels):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, labels)
    params = jax.tree.map(lambda p, g: p - LR * g, params, grads)
    return params, loss


def main():
    kc, kx = jax.random.split(jax.random.key(0))
    centers = 3.0 * jax.random.normal(kc, (NUM_CLASSES, 2))
    labels = jnp.arange(150) % NUM_CLASSES
    x = centers[labels] + jax.random.normal(kx, (150, 2))
    params = {"W": jnp.zeros((2, NUM_CLASSES)), "b": jnp.zeros(NUM_CLASSES)}
    for epoch in range(20):
        params, loss = train_step(params, x, labels)
    acc = accuracy(model(params, x), labels)
    print(f"final loss {float(loss):.3f}, accuracy {float(acc):.2f}")
    return acc


if __name__ == "__main__":
    main()
