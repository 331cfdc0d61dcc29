import jax
import jax.numpy as jnp

from sac import make_batch, update_temperature


def test_temperature_step_is_finite():
    log_tau, loss = update_temperature(jnp.log(0.5), make_batch(jax.random.key(1)))
    assert jnp.isfinite(log_tau) and jnp.isfinite(loss)
