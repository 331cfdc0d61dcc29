"""Geometry helpers with gradients that stay finite at coincident points."""

import jax
import jax.numpy as jnp


@jax.custom_jvp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v * v, axis=-1))


# d|v| = (v . dv) / |v|, taken as zero where |v| is zero
safe_norm.defjvps(
    lambda v_dot, ans, v: v_dot * v / jnp.where(ans > 0, ans, 1.0)[..., None],
)


def pair_distances(positions):
    i, j = jnp.triu_indices(positions.shape[0], k=1)
    return safe_norm(positions[i] - positions[j])
