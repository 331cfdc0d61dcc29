import jax.numpy as jnp

from fit import fit


def test_readout_fit_keeps_positive_scale():
    p = fit(steps=2)
    assert p.scale.shape == (5,)
    assert bool(jnp.all(jnp.isfinite(p.shift)))
