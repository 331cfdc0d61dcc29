"""Simulated underlying paths and the claims written on them."""
import functools

import jax
import jax.numpy as jnp


def gbm_paths(key, n_paths, n_steps, s0=100.0, mu=0.0, sigma=0.2, horizon=0.25):
    dt = horizon / n_steps
    z = jax.random.normal(key, (n_paths, n_steps))
    log_inc = (mu - 0.5 * sigma**2) * dt + sigma * jnp.sqrt(dt) * z
    log_s = jnp.log(s0) + jnp.cumsum(log_inc, axis=1)
    return jnp.concatenate([jnp.full((n_paths, 1), s0), jnp.exp(log_s)], axis=1)


def call_payoff(paths, strike):
    return jnp.maximum(paths[:, -1:] - strike, 0.0)


def put_payoff(paths, strike):
    return jnp.maximum(strike - paths[:, -1], 0.0)


CLAIMS = {
    "atm_call": functools.partial(call_payoff, strike=100.0),
    "otm_put": functools.partial(put_payoff, strike=90.0),
}
