"""A parametric implied-volatility surface: quadratic smile plus a term-structure slope."""
import jax.numpy as jnp


def init_params():
    return {"atm": jnp.float32(0.2), "skew": jnp.float32(0.0),
            "smile": jnp.float32(0.0), "term": jnp.float32(0.0)}


def implied_vol(params, log_moneyness, maturity):
    k = log_moneyness[:, None]
    t = maturity[None, :]
    return (params["atm"] + params["skew"] * k + params["smile"] * k**2
            + params["term"] * jnp.sqrt(t))
