"""Parameters of a damped spring model, registered as a pytree."""

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class SpringParams:
    stiffness: jax.Array
    damping: jax.Array
    n_steps: jax.Array


def default():
    return SpringParams(stiffness=jnp.array(2.0), damping=jnp.array(0.1), n_steps=jnp.array(50))
