import jax.numpy as jnp

from kinetics import RATES
from sensitivity import relative_sensitivity


def test_product_yield_increases_with_k2():
    s = relative_sensitivity(RATES, "k2")
    assert s.shape == (3,)
    assert float(s[2]) > 0
