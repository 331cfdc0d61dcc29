"""Baseline predictor r_ui = mu + b_u + b_i (Koren, 2008), fitted by gradient descent."""
import jax.numpy as jnp


def init_baseline(cfg, stars):
    return {
        "mu": stars.sum() // stars.shape[0],
        "user_bias": jnp.zeros(cfg.n_users),
        "item_bias": jnp.zeros(cfg.n_items),
    }


def predict(params, users, items):
    return params["mu"] + params["user_bias"][users] + params["item_bias"][items]


def regularised_mse(params, users, items, stars, lam=0.02):
    err = predict(params, users, items) - stars
    reg = jnp.sum(params["user_bias"] ** 2) + jnp.sum(params["item_bias"] ** 2)
    return jnp.mean(err ** 2) + lam * reg
