"""Estimate the amplification of the heat step by power iteration with forward-mode products."""

import jax
import jax.numpy as jnp

from heat import heat_step


def amplification(u0, iters=20):
    v = jnp.ones((u0.shape[0], 1)) / jnp.sqrt(u0.shape[0])
    growth = 0.0
    for _ in range(iters):
        _, jv = jax.jvp(heat_step, (u0,), (v,))
        growth = jnp.linalg.norm(jv)
        v = jv / growth
    return float(growth)


def main():
    u0 = jnp.sin(jnp.linspace(0.0, jnp.pi, 16))
    g = amplification(u0)
    print("spectral radius estimate", g)
    return g


if __name__ == "__main__":
    main()
