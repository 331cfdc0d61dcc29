"""Michaelis-Menten objective for initial-rate enzyme assays."""
import jax.numpy as jnp

OBJECTIVES = {}


def objective(name):
    def deco(fn):
        OBJECTIVES[name] = fn
        return fn
    return deco


def rate(log_params, substrate):
    vmax, km = jnp.exp(log_params)
    return vmax * substrate / (km + substrate)


@objective("michaelis_menten")
def mm_residuals(log_params, substrate, v_obs):
    resid = rate(log_params, substrate) - v_obs
    loss = jnp.mean(resid**2)
    return loss, {"rmse": jnp.sqrt(loss), "max_resid": jnp.max(jnp.abs(resid))}
