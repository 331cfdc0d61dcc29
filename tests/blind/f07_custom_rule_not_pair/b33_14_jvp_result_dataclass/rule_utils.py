"""Helpers the numerics team uses to keep hand-written derivative rules readable."""
from dataclasses import dataclass

import jax


@dataclass(frozen=True)
class JvpResult:
    primal: jax.Array
    tangent: jax.Array


def jvp_result(primal, tangent):
    """Bundle a rule's outputs under names; checks that the shapes agree."""
    assert primal.shape == tangent.shape, (primal.shape, tangent.shape)
    return JvpResult(primal, tangent)
