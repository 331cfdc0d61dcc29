"""Choose a soft cut on a jet-substructure score to maximise the Asimov significance."""
import jax
import jax.numpy as jnp

from hep.softhist import soft_histogram


def significance(cut, masses, scores, is_signal, n_bins, lo, hi):
    keep = jax.nn.sigmoid(10.0 * (scores - cut))
    s = soft_histogram(masses, keep * is_signal, n_bins, lo, hi)
    b = soft_histogram(masses, keep * (1 - is_signal), n_bins, lo, hi) + 1e-3
    z2 = 2.0 * ((s + b) * jnp.log1p(s / b) - s)
    return jnp.sqrt(jnp.sum(z2))


neg_significance_grad = jax.jit(jax.value_and_grad(lambda *a: -significance(*a)))
