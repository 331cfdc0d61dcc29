import jax.numpy as jnp

from smile import fit


def test_fit_step_is_finite():
    assert jnp.all(jnp.isfinite(fit(jnp.array([0.2, 0.0, 0.0]), iters=2)))
