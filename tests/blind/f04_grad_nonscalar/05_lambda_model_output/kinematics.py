"""Forward kinematics of a planar two-link arm."""

import jax.numpy as jnp


def end_effector(angles, lengths=(1.0, 0.7)):
    a1, a2 = angles[0], angles[1]
    x = lengths[0] * jnp.cos(a1) + lengths[1] * jnp.cos(a1 + a2)
    y = lengths[0] * jnp.sin(a1) + lengths[1] * jnp.sin(a1 + a2)
    return jnp.stack([x, y])
