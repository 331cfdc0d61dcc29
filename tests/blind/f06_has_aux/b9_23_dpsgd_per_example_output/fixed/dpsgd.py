"""Differentially private SGD: clip per-example gradients, add Gaussian noise."""
import jax
import jax.numpy as jnp

from model import example_loss

per_example_grads = jax.vmap(jax.grad(example_loss, has_aux=True), in_axes=(None, 0, 0))


def private_step(w, x, y, key, clip=1.0, noise=0.5, lr=0.1):
    grads, _ = per_example_grads(w, x, y)
    norms = jnp.linalg.norm(grads, axis=1, keepdims=True)
    grads = grads / jnp.maximum(1.0, norms / clip)
    noisy = jnp.sum(grads, axis=0) + noise * clip * jax.random.normal(key, w.shape)
    return w - lr * noisy / x.shape[0]


def main():
    key = jax.random.key(0)
    x = jax.random.normal(key, (64, 3))
    y = (x @ jnp.array([1.0, -1.0, 0.5]) > 0).astype(jnp.float32)
    w = jnp.zeros(3)
    for i in range(10):
        w = private_step(w, x, y, jax.random.fold_in(key, i))
    print("w", w)


if __name__ == "__main__":
    main()
