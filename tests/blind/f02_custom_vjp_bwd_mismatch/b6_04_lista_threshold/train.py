"""Train LISTA thresholds and matrices to reconstruct sparse signals."""

import jax
import jax.numpy as jnp

from lista import encode, init_lista


def reconstruction_loss(params, y, dictionary):
    z = encode(params, y)
    return jnp.mean((z @ dictionary.T - y) ** 2) + 1e-3 * jnp.abs(z).mean()


def main():
    kd, kz, kl = jax.random.split(jax.random.PRNGKey(7), 3)
    dictionary = jax.random.normal(kd, (12, 20)) / jnp.sqrt(12.0)
    codes = jax.random.normal(kz, (32, 20)) * (jax.random.uniform(kz, (32, 20)) < 0.15)
    y = codes @ dictionary.T
    params = init_lista(kl, dictionary, n_layers=5)
    grad_fn = jax.jit(jax.grad(reconstruction_loss))
    for _ in range(15):
        grads = grad_fn(params, y, dictionary)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    loss = reconstruction_loss(params, y, dictionary)
    print(f"reconstruction {float(loss):.5f}")
    return float(loss)


if __name__ == "__main__":
    main()
