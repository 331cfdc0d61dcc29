"""Calibrate degree-day factors to stake measurements of annual mass balance."""
import jax
import jax.numpy as jnp

from glacier.mass_balance import DDFParams, annual_balance


def climate(offset, n_days=365):
    day = jnp.arange(n_days)
    temps = offset + 8.0 * jnp.sin(2.0 * jnp.pi * (day - 110) / 365.0)
    precip = 4.0 + 2.0 * jnp.cos(2.0 * jnp.pi * day / 365.0)
    return temps, precip


STAKES = [(-4.0, 0.35), (-2.0, -0.6), (0.0, -1.9)]   # (temperature offset, measured m w.e.)


def loss(params):
    err = 0.0
    for offset, measured in STAKES:
        temps, precip = climate(offset)
        err = err + (annual_balance(params, temps, precip) - measured) ** 2
    return err


def calibrate(n_steps=100, lr=0.5):
    params = DDFParams(jnp.array(3.0), jnp.array(6.0), jnp.array(1.0))
    grad_fn = jax.jit(jax.grad(loss))
    start = loss(params)
    for _ in range(n_steps):
        g = grad_fn(params)
        params = DDFParams(params.ddf_snow - lr * g.ddf_snow, params.ddf_ice - lr * g.ddf_ice,
                           params.t_snow)
    return params, float(start), float(loss(params))


def main():
    params, start, end = calibrate()
    print("loss", start, "->", end, params)


if __name__ == "__main__":
    main()
