"""Shared machinery for the channel primitives."""
import jax
from jax.experimental.hijax import HiPrim


class DiagnosticPrim(HiPrim):
    """A HiPrim over one array whose backward pass can report statistics."""

    def __init__(self, x_aval, **params):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = params
        super().__init__()

    def summarize(self, **stats):
        """Statistics of the backward pass, keyed by name."""
        return {k: v for k, v in stats.items() if v is not None}
