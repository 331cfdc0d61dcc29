import jax.numpy as jnp

import train


def test_sensitivities_are_finite():
    sens = train.main()
    assert jnp.isfinite(sens.stiffness) and jnp.isfinite(sens.damping)
