import jax.numpy as jnp

from fit import fit


def test_fit_gives_finite_loss():
    _, loss = fit(steps=2)
    assert jnp.isfinite(loss)
