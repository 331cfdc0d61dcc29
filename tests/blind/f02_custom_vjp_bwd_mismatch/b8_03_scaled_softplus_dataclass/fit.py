"""Fit a positive-rate readout to Poisson spike counts."""
from __future__ import annotations

import jax
import jax.numpy as jnp

from params import ReadoutParams
from readout import scaled_softplus


def poisson_nll(p: ReadoutParams, z: jax.Array, counts: jax.Array) -> jax.Array:
    rate = scaled_softplus(p, z) + 1e-6
    return jnp.mean(rate - counts * jnp.log(rate))


def fit(steps: int = 3, lr: float = 0.1) -> ReadoutParams:
    z = jax.random.normal(jax.random.PRNGKey(0), (64, 5))
    counts = jax.random.poisson(jax.random.PRNGKey(1), 2.0, (64, 5)).astype(jnp.float32)
    p = ReadoutParams.init(5)
    grad_fn = jax.jit(jax.grad(poisson_nll))
    for _ in range(steps):
        g = grad_fn(p, z, counts)
        p = jax.tree_util.tree_map(lambda a, b: a - lr * b, p, g)
    return p


def main() -> None:
    p = fit()
    print("scale", p.scale, "shift", p.shift)


if __name__ == "__main__":
    main()
