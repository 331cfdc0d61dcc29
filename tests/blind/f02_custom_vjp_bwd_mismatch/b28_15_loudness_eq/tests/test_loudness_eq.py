import jax
import jax.numpy as jnp

from fit_hearing_aid import N_BANDS, loudness_mismatch


def test_gain_gradient_per_band():
    g = jax.grad(loudness_mismatch)(jnp.zeros(N_BANDS))
    assert g.shape == (N_BANDS,)
