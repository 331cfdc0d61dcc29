import jax.numpy as jnp

from volfit.surface import implied_vol


def surface_mse(params, log_moneyness, maturity, quotes):
    """Squared vol error over the strike grid, for each quoted expiry."""
    pred = implied_vol(params, log_moneyness, maturity)
    return jnp.mean((pred - quotes) ** 2, axis=0)


def wing_penalty(params, weight):
    return weight * params["smile"] ** 2
