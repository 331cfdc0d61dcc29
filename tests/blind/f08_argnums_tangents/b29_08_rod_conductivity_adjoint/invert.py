from functools import partial

import jax
import jax.numpy as jnp

from measurements import N_NODES, load_readings, rod_geometry
from solver import solve_temperature


def misfit_and_gradient(log_k, T_obs, q, dx, reg=1e-3):
    forward = partial(solve_temperature, q=q, dx=dx)
    T, pullback = jax.vjp(forward, log_k)
    resid = T - T_obs
    J = jnp.mean(resid ** 2) + reg * jnp.sum(jnp.diff(log_k) ** 2)
    (g_data,) = pullback(2.0 * resid / N_NODES)
    g_reg = jax.grad(lambda lk: reg * jnp.sum(jnp.diff(lk) ** 2))(log_k)
    return J, g_data + g_reg


def invert(iters=50, lr=0.01):
    x, dx = rod_geometry()
    q = jnp.full(N_NODES, 500.0)
    true_log_k = jnp.log(1.0 + 0.5 * jnp.linspace(0.0, 1.0, N_NODES + 1))
    T_obs = load_readings(solve_temperature(true_log_k, q, dx))
    log_k = jnp.zeros(N_NODES + 1)
    for _ in range(iters):
        J, g = misfit_and_gradient(log_k, T_obs, q, dx)
        log_k = log_k - lr * g
    return log_k, J


def main():
    log_k, J = invert()
    print("misfit", float(J), "k at ends", jnp.exp(log_k[0]), jnp.exp(log_k[-1]))


if __name__ == "__main__":
    main()
