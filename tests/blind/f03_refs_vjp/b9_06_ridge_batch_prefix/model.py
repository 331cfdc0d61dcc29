"""Ridge regression whose coefficients live in mutable Refs."""
import jax
import jax.numpy as jnp


def new_params(n_features):
    return {"coef": jax.new_ref(jnp.zeros(n_features)),
            "intercept": jax.new_ref(jnp.zeros(()))}


def zero_grads(params):
    return {k: jax.new_ref(jnp.zeros_like(r[...])) for k, r in params.items()}


def ridge_loss(params, batch, lam=0.1):
    x, y = batch
    pred = x @ params["coef"][...] + params["intercept"][...]
    return jnp.mean((pred - y) ** 2) + lam * jnp.sum(params["coef"][...] ** 2)
