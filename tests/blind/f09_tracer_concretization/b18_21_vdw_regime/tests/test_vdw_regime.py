import jax
import jax.numpy as jnp

from gas.eos import VanDerWaals
from gas.fit import misfit


def test_vdw_regime():
    g = jax.jit(jax.grad(misfit), static_argnums=3)(jnp.array(300.0), jnp.ones(3), jnp.ones(3), VanDerWaals())
    assert g.shape == ()
