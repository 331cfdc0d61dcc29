"""Tiny forward-mode helpers: propagate a tangent (and curvature) through a scalar map."""
from typing import NamedTuple


class Jet(NamedTuple):
    value: object
    tangent: object
    curvature: object


def propagate(value, d1, d2, tangent):
    """Push `tangent` through a map with first and second derivatives d1, d2."""
    return Jet(value, d1 * tangent, d2 * tangent * tangent)
