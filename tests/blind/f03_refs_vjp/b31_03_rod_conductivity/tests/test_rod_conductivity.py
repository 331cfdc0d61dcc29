import jax.numpy as jnp

import design


def test_sensitivities_have_input_shapes():
    T, dT_dk, dT_dq = design.main()
    assert dT_dk.shape == (33,)
    assert dT_dq.shape == (32,)
    assert jnp.isfinite(T)
