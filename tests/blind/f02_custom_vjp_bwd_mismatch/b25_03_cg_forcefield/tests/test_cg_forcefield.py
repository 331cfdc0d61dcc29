import jax.numpy as jnp

import fit


def test_forcefield_fit_step():
    assert jnp.isfinite(fit.main())
