import jax.numpy as jnp

from calibrate import TRUE_LENGTHS, calibrate


def test_calibration_moves_towards_truth():
    lengths = calibrate(n_steps=30)
    assert jnp.linalg.norm(lengths - TRUE_LENGTHS) < jnp.linalg.norm(jnp.ones(3) - TRUE_LENGTHS)
