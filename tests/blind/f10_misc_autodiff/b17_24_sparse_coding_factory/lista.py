"""Unrolled ISTA (LISTA) sparse coder with a learned threshold."""
import jax
import jax.numpy as jnp

from ops import make_soft_threshold

N_LAYERS = 4


def encode(params, y):
    shrink = make_soft_threshold(params["lam"])
    z = shrink(y @ params["W"])
    for _ in range(N_LAYERS - 1):
        z = shrink(y @ params["W"] + z @ params["S"])
    return z


def loss(params, y, dictionary):
    z = encode(params, y)
    recon = z @ dictionary
    return jnp.mean((recon - y) ** 2) + 1e-3 * jnp.mean(jnp.abs(z))


def main():
    key = jax.random.PRNGKey(0)
    k1, k2, k3 = jax.random.split(key, 3)
    dictionary = jax.random.normal(k1, (16, 8)) / 4.0
    codes = jax.random.normal(k2, (64, 16)) * (jax.random.uniform(k3, (64, 16)) < 0.2)
    y = codes @ dictionary
    params = {"W": dictionary.T * 0.5, "S": jnp.eye(16) * 0.5, "lam": jnp.array(0.1)}
    grad_fn = jax.grad(jax.jit(loss))
    for _ in range(10):
        g = grad_fn(params, y, dictionary)
        params = jax.tree.map(lambda p, d: p - 0.1 * d, params, g)
    print("lam", params["lam"], "loss", loss(params, y, dictionary))


if __name__ == "__main__":
    main()
