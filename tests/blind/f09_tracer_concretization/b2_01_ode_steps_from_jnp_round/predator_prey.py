"""Fit Lotka-Volterra rates to an observed end state."""

import jax
import jax.numpy as jnp

from odeint import integrate

T_FINAL = 2.0
DT = 0.05


def lotka_volterra(y, p):
    prey, pred = y[0], y[1]
    return jnp.stack([p[0] * prey - p[1] * prey * pred, p[2] * prey * pred - p[3] * pred])


def mismatch(p, y0, y_obs):
    y_end = integrate(lotka_volterra, y0, T_FINAL, DT, p)
    return jnp.sum((y_end - y_obs) ** 2)


@jax.jit
def update(p, y0, y_obs):
    loss, g = jax.value_and_grad(mismatch)(p, y0, y_obs)
    return p - 0.01 * g, loss


def main(iters=10):
    y0 = jnp.array([1.0, 0.5])
    true_p = jnp.array([1.1, 0.4, 0.4, 0.9])
    y_obs = integrate(lotka_volterra, y0, T_FINAL, DT, true_p)
    p = jnp.array([1.0, 0.5, 0.5, 1.0])
    for _ in range(iters):
        p, loss = update(p, y0, y_obs)
    print("rates", p, "loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
