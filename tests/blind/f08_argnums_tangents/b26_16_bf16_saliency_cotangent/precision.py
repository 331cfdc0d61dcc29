"""Mixed-precision policy: float32 parameters, bfloat16 compute."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class Policy(NamedTuple):
    param_dtype: jnp.dtype = jnp.float32
    compute_dtype: jnp.dtype = jnp.bfloat16

    def cast_to_compute(self, tree):
        return jax.tree.map(lambda x: x.astype(self.compute_dtype), tree)


POLICY = Policy()
