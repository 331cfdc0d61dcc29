import jax
import jax.numpy as jnp

from calibrate import calibrate, synthetic_counts


def test_calibration_recovers_a_peak_above_the_counts():
    counts = synthetic_counts(jax.random.key(0))
    log_flux = calibrate(counts, steps=5)
    assert jnp.all(jnp.isfinite(log_flux))
