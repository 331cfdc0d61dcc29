"""Fit the series resistance of a solar cell's IV curve."""
import jax
import jax.numpy as jnp

from diode import diode_current

PHOTO_CURRENT = 3.1


def cell_current(v_terminal, r_series, i_guess):
    v_junction = v_terminal + i_guess * r_series
    return PHOTO_CURRENT - diode_current(v_junction)


def misfit(r_series, v, i_meas):
    i_model = cell_current(v, r_series, i_meas)
    return jnp.mean((i_model - i_meas) ** 2)


def fit(v, i_meas, r0=0.05, lr=1e-4, steps=20):
    r = jnp.float32(r0)
    grad_fn = jax.grad(misfit)
    for _ in range(steps):
        r = r - lr * grad_fn(r, v, i_meas)
    return r


def synthetic_curve(n=40):
    v = jnp.linspace(0.0, 0.55, n)
    i = PHOTO_CURRENT - 1e-9 * (jnp.exp((v + 3.0 * 0.02) / (1.3 * 0.02585)) - 1.0)
    return v, i


def main():
    v, i_meas = synthetic_curve()
    r = fit(v, i_meas)
    print("series resistance:", float(r))


if __name__ == "__main__":
    main()
