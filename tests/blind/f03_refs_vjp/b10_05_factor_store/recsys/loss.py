"""Regularised squared error on observed ratings."""
import jax.numpy as jnp


def rating_loss(user_ref, item_ref, user_ids, item_ids, ratings, l2=1e-3):
    u = user_ref[...][user_ids]
    v = item_ref[...][item_ids]
    pred = jnp.sum(u * v, axis=-1)
    reg = l2 * (jnp.sum(u * u) + jnp.sum(v * v))
    return jnp.mean((pred - ratings) ** 2) + reg
