"""Batch bioreactor: biomass X grows on substrate S; fit K_s to OD readings."""
import jax
import jax.numpy as jnp

from kinetics import monod

MU_MAX = 0.45
YIELD = 0.5
DT = 0.25


def simulate(k_s, x0, s0, n_steps):
    def step(state, _):
        x, s = state
        mu = MU_MAX * monod(s, k_s)
        growth = mu * x * DT
        x_new = x + growth
        s_new = jnp.maximum(s - growth / YIELD, 1e-3)
        return (x_new, s_new), x_new

    _, xs = jax.lax.scan(step, (x0, s0), None, length=n_steps)
    return xs


def od_loss(k_s, x0, s0, observed):
    xs = simulate(k_s, x0, s0, observed.shape[0])
    return jnp.mean((jnp.log(xs) - jnp.log(observed)) ** 2)


def calibrate(k_s, x0, s0, observed, iters=30, lr=0.5):
    for _ in range(iters):
        g = jax.grad(od_loss)(k_s, x0, s0, observed)
        k_s = jnp.maximum(k_s - lr * g, 1e-2)
    return k_s
