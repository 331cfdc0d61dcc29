import jax.numpy as jnp

from train import main


def test_elbo_terms_finite():
    terms = main(steps=10)
    assert jnp.isfinite(terms.recon) and jnp.isfinite(terms.kl)
