"""Forward kinematics of a planar three-link arm."""

import jax
import jax.numpy as jnp


def tip_position(lengths: jax.Array, angles: jax.Array) -> jax.Array:
    cumulative = jnp.cumsum(angles)
    return jnp.stack(
        [jnp.sum(lengths * jnp.cos(cumulative)), jnp.sum(lengths * jnp.sin(cumulative))]
    )


def reach_error(lengths: jax.Array, angles: jax.Array, target: jax.Array) -> jax.Array:
    return jnp.sum((tip_position(lengths, angles) - target) ** 2)
