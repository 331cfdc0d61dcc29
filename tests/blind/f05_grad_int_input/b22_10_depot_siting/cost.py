"""Delivery cost with a soft assignment of customers to depots."""

import jax
import jax.numpy as jnp


def distances(depots, customers_xy):
    diff = customers_xy[:, None, :] - depots[None, :, :]
    return jnp.sqrt(jnp.sum(diff**2, axis=-1) + 1e-6)


def delivery_cost(depots, customers_xy, demand, softness=2.0):
    d = distances(depots, customers_xy)
    soft_min = -softness * jax.nn.logsumexp(-d / softness, axis=1)
    return jnp.sum(demand * soft_min) / jnp.sum(demand)
