"""Fit absorption/elimination rates to plasma samples by gradient descent on log-error."""

import jax
import jax.numpy as jnp

import config
from pk_model import Rates, concentrations


def predicted_at(rates, times):
    conc, grid = concentrations(rates, config.DOSE_MG)
    return jnp.interp(times, grid, conc)


def log_error(rates, times, observed):
    return jnp.mean((jnp.log(predicted_at(rates, times)) - jnp.log(observed)) ** 2)


def main():
    times = jnp.array(config.SAMPLE_TIMES_H)
    truth = Rates(jnp.array(1.4), jnp.array(0.1), jnp.array(15.0))
    observed = predicted_at(truth, times)
    rates = Rates.from_config(config.INITIAL_RATES)
    grad_fn = jax.jit(jax.value_and_grad(log_error))
    for _ in range(60):
        err, grads = grad_fn(rates, times, observed)
        rates = jax.tree.map(lambda p, g: p * jnp.exp(-0.2 * g * p), rates, grads)
    print(f"log error {float(err):.5f}, ke {float(rates.ke):.3f}")
    return float(err)


if __name__ == "__main__":
    main()
