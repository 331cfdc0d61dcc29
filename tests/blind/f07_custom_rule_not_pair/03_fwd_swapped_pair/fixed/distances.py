"""Soft-min distance between a point set and a prototype set."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def softmin_distance(points, protos):
    d2 = jnp.sum((points[:, None] - protos[None]) ** 2, -1)
    return -jax.nn.logsumexp(-d2, axis=1)


def softmin_fwd(points, protos):
    d2 = jnp.sum((points[:, None] - protos[None]) ** 2, -1)
    out = -jax.nn.logsumexp(-d2, axis=1)
    return out, (points, protos, d2)


def softmin_bwd(res, g):
    points, protos, d2 = res
    w = jax.nn.softmax(-d2, axis=1) * g[:, None]
    diff = points[:, None] - protos[None]
    d_points = 2 * jnp.sum(w[..., None] * diff, axis=1)
    d_protos = -2 * jnp.sum(w[..., None] * diff, axis=0)
    return d_points, d_protos


softmin_distance.defvjp(softmin_fwd, softmin_bwd)
