import jax
import jax.numpy as jnp

from attribute import attributions
from scorer import init


def test_attributions_are_finite():
    params = init(jax.random.key(0), 6, 8)
    x = jax.random.normal(jax.random.key(1), (5, 6))
    attr = attributions(params, x)
    assert attr.shape == x.shape
    assert bool(jnp.all(jnp.isfinite(attr)))
