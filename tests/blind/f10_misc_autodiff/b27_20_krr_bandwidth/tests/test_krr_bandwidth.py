import jax
import jax.numpy as jnp

from tune import make_data, validation_loss


def test_bandwidth_gradient_finite():
    g = jax.grad(validation_loss)(jnp.array(0.0), *make_data(jax.random.key(1)))
    assert jnp.isfinite(g)
