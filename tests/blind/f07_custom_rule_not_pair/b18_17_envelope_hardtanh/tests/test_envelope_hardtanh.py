import jax
import jax.numpy as jnp

from sig.net import loss


def test_envelope_hardtanh():
    params = {"a": jnp.array(0.9), "b": jnp.array(0.1)}
    g = jax.grad(loss)(params, jnp.ones(8), jnp.zeros(8))
    assert g["a"].shape == ()
