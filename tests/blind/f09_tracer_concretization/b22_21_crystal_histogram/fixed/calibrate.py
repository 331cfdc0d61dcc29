"""Calibrate the growth model against a laser-diffraction size histogram."""

import functools

import jax
import jax.numpy as jnp

from crystals import final_sizes
from histogram import BinSpec, soft_histogram


def mismatch(params, nucleation_times, noise, measured, spec):
    predicted = soft_histogram(final_sizes(params, nucleation_times, noise), spec)
    return jnp.sum((predicted - measured) ** 2)


@functools.partial(jax.jit, static_argnames=("spec",))
def step(params, nucleation_times, noise, measured, spec, lr=2.0):
    value, g = jax.value_and_grad(mismatch)(params, nucleation_times, noise, measured, spec)
    return jax.tree.map(lambda p, d: p - lr * d, params, g), value


def main(iters=60):
    spec = BinSpec()
    k1, k2 = jax.random.split(jax.random.key(0))
    nucleation_times = jax.random.uniform(k1, (500,), maxval=50.0)
    noise = jax.random.normal(k2, (500,))
    truth = {"log_g0": jnp.log(12.0), "log_beta": jnp.log(0.3), "log_disp": jnp.log(0.15)}
    measured = soft_histogram(final_sizes(truth, nucleation_times, noise), spec)
    params = {"log_g0": jnp.log(8.0), "log_beta": jnp.log(0.4), "log_disp": jnp.log(0.3)}
    for _ in range(iters):
        params, value = step(params, nucleation_times, noise, measured, spec)
    print("mismatch", value, "g0", jnp.exp(params["log_g0"]))
    return value


if __name__ == "__main__":
    main()
