from typing import NamedTuple

import jax


class Curve(NamedTuple):
    """Zero-rate curve: knot times (years) and continuously compounded rates."""
    times: jax.Array
    rates: jax.Array
