import jax
import jax.numpy as jnp

from behavioral import portfolio


def test_prospect_portfolio():
    scenarios = jnp.linspace(-0.1, 0.1, 32).reshape(8, 4)
    g = jax.grad(portfolio.expected_value)(jnp.full((4,), 0.25), scenarios)
    assert g.shape == (4,)
