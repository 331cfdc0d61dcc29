"""Shared backward-pass plumbing for the hand-written primitives."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class GradStats(NamedTuple):
    n_inputs: int
    peak: jax.Array


class AccumulatingBwd:
    """Mixin: a subclass gives `cotangents(res, g)`, one per input, and the
    mixin feeds each accumulator and reports the peak magnitude."""

    def cotangents(self, res, g):
        raise NotImplementedError

    def vjp_bwd(self, res, g, *accums):
        cts = self.cotangents(res, g)
        for acc, ct in zip(accums, cts):
            acc.accum(ct)
