"""Tune the quoting parameters on a simulated day of mid prices."""

import jax
import jax.numpy as jnp

from mm.strategy import init_params, smoothed_pnl


def simulate_day(key, n=390):
    km, kf = jax.random.split(key)
    mids = 100.0 + jnp.cumsum(0.02 * jax.random.normal(km, (n + 1, 3)), axis=0)
    flow = jax.random.uniform(kf, (n, 3), minval=5.0, maxval=20.0)
    return mids, flow


def tune(iters=20, lr=1e-5):
    mids, flow = simulate_day(jax.random.key(11))
    params = init_params()
    inventory0 = jnp.zeros(3)
    ascent = jax.jit(jax.grad(smoothed_pnl))
    for _ in range(iters):
        g = ascent(params, mids, flow, inventory0)
        params = jax.tree.map(lambda p, d: p + lr * d, params, g)
    return params


def main():
    print(tune())


if __name__ == "__main__":
    main()
