import jax.numpy as jnp

from fit import main


def test_evidence_finite():
    assert jnp.isfinite(main(iters=10))
