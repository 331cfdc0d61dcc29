import jax.numpy as jnp

from main import synthetic_run
from reactor import calibrate


def test_calibration_step():
    x0, s0, observed = synthetic_run()
    k_s = calibrate(jnp.float32(4.0), x0, s0, observed, iters=2)
    assert k_s > 0
