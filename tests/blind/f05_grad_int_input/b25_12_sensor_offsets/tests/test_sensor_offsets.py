import jax.numpy as jnp

from calibrate import refit_offsets


def test_refit_offsets():
    assert jnp.all(jnp.isfinite(refit_offsets(n_iter=2)))
