"""Train the autoencoder and log its loss terms."""

import functools

import jax
import jax.numpy as jnp

from model import TiedAutoencoder


@functools.partial(jax.jit, static_argnums=0)
def train_step(model, params, noisy, clean, lr=0.05):
    (_, parts), grads = jax.value_and_grad(model.objective, has_aux=True)(params, noisy, clean)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, parts


def main(steps=10):
    model = TiedAutoencoder(n_in=8, n_code=3)
    key = jax.random.PRNGKey(0)
    params = model.init(key)
    clean = jax.random.normal(jax.random.PRNGKey(1), (64, 8))
    for i in range(steps):
        noisy = clean + 0.1 * jax.random.normal(jax.random.PRNGKey(i + 2), clean.shape)
        params, parts = train_step(model, params, noisy, clean)
    print("recon", float(parts.recon), "sparsity", float(parts.sparsity))
    return params


if __name__ == "__main__":
    main()
