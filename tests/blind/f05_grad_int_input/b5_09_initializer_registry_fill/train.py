"""Train the classifier on three Gaussian blobs."""

import jax
import jax.numpy as jnp

from model import cross_entropy, init_params


def blobs(n_per_class: int = 20):
    centers = jnp.array([[2.0, 0, 0, 0], [0, 2.0, 0, 0], [0, 0, 2.0, 0]])
    noise = jax.random.normal(jax.random.key(9), (3, n_per_class, 4)) * 0.5
    x = (centers[:, None, :] + noise).reshape(-1, 4)
    labels = jnp.repeat(jnp.arange(3), n_per_class)
    return x, labels


def train(n_steps: int = 50, lr: float = 0.5):
    x, labels = blobs()
    params = init_params(jax.random.key(0))
    grad_fn = jax.jit(jax.value_and_grad(cross_entropy))
    history = []
    for _ in range(n_steps):
        loss, grads = grad_fn(params, x, labels)
        params = {k: params[k] - lr * grads[k] for k in params}
        history.append(float(loss))
    return history


def main():
    history = train()
    print(f"cross-entropy {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
