import jax.numpy as jnp

from channels import fit


def test_ion_channel_gate():
    v = jnp.linspace(-80.0, 20.0, 12)
    g = fit.jax.grad(fit.misfit)(v, jnp.zeros(12))
    assert g.shape == (12,)
