"""Penalties on GLM coefficients, looked up by name from the experiment config."""
import jax.numpy as jnp


def ridge(w, strength):
    return 0.5 * strength * w**2


def lasso(w, strength):
    return strength * jnp.sum(jnp.abs(w))


def elastic_net(w, strength, mix=0.5):
    return mix * lasso(w, strength) + (1 - mix) * ridge(w, strength)


REGULARIZERS = {"ridge": ridge, "lasso": lasso, "elastic_net": elastic_net}
