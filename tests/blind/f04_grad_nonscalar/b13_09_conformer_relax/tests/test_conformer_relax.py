import jax.numpy as jnp

from relax import main


def test_conformer_relax():
    assert jnp.all(jnp.isfinite(main(steps=10)))
