"""A two-layer unrolled ISTA (LISTA) encoder trained for sparse codes."""

import jax
import jax.numpy as jnp

from shrink import soft_shrink


def init(key, n_in, n_code):
    k1, k2 = jax.random.split(key)
    return {"we": jax.random.normal(k1, (n_in, n_code)) * 0.3,
            "s": 0.5 * jnp.eye(n_code) + 0.01 * jax.random.normal(k2, (n_code, n_code))}


def encode(params, x, layers=2):
    b = x @ params["we"]
    z = soft_shrink(b)
    for _ in range(layers - 1):
        z = soft_shrink(b + z @ params["s"])
    return z


def loss(params, x, dictionary):
    z = encode(params, x)
    return jnp.mean((z @ dictionary - x) ** 2) + 0.05 * jnp.mean(jnp.abs(z))


def main(steps=5):
    key = jax.random.PRNGKey(0)
    dictionary = jax.random.normal(key, (6, 4))
    x = 0.2 * jax.random.normal(jax.random.PRNGKey(1), (16, 6)) @ dictionary
    params = init(jax.random.PRNGKey(2), 4, 6)
    for _ in range(steps):
        grads = jax.grad(loss)(params, x, dictionary)
        params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
    print("loss", float(loss(params, x, dictionary)))
    return params


if __name__ == "__main__":
    main()
