import jax
import jax.numpy as jnp

from deconvolve import restore
from imaging import gaussian_psf, read_frame


def test_restoration_keeps_shape():
    psf = gaussian_psf()
    frame = read_frame(jax.random.PRNGKey(1), shape=(24, 24), psf=psf)
    out = restore(frame, psf, steps=3)
    assert out.shape == frame.shape
    assert jnp.all(jnp.isfinite(out))
