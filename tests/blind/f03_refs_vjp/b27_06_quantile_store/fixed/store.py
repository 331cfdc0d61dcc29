"""In-place parameter storage for long-running online learners."""
import jax
import jax.numpy as jnp


class ParamStore:
    """Keeps the weights in a mutable reference so updates happen in place."""

    def __init__(self, n_features):
        self._w = jax.new_ref(jnp.zeros(n_features))
        self.updates = 0

    @property
    def weights(self):
        """Current weights."""
        return self._w[...]

    def apply_update(self, delta):
        self._w[...] += delta
        self.updates += 1
