"""A margin loss that only looks at the positive pairs of a batch."""
import jax.numpy as jnp


def pair_distances(params, left, right):
    zl = left @ params["proj"]
    zr = right @ params["proj"]
    return jnp.sum((zl - zr) ** 2, axis=-1)


def positive_pair_loss(params, left, right, same):
    d = pair_distances(params, left, right)
    positives = jnp.nonzero(same)[0]
    return jnp.mean(d[positives])


def negative_pair_loss(params, left, right, same, margin=1.0):
    d = pair_distances(params, left, right)
    hinge = jnp.maximum(0.0, margin - d)
    return jnp.sum(jnp.where(same, 0.0, hinge)) / jnp.maximum(jnp.sum(~same), 1)
