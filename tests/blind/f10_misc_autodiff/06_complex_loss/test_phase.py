import jax.numpy as jnp

import train


def test_phase_real_and_finite():
    phase = train.main()
    assert phase.dtype == jnp.float32 and jnp.isfinite(phase).all()
