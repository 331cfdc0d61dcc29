"""Survey weights: raking factors turn sample averages into population averages."""
import jax.numpy as jnp


def rake_weights(group_ids, population_share):
    counts = jnp.bincount(group_ids, length=population_share.shape[0])
    sample_share = counts / group_ids.shape[0]
    return (population_share / sample_share)[group_ids]


def weighted_mean(values, weights):
    w = weights / jnp.sum(weights)
    return w @ values
