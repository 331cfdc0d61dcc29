"""Dual numbers used to write forward-mode rules readably."""
import dataclasses

import jax


@dataclasses.dataclass
class Dual:
    primal: jax.Array
    tangent: jax.Array

    def __iter__(self):
        raise TypeError("unpack a Dual with .primal / .tangent")
