"""A simulated 8-bit camera: frames arrive as raw uint8 counts."""
import jax
import jax.numpy as jnp
from jax.scipy.signal import convolve2d


def gaussian_psf(size=7, sigma=1.5):
    r = jnp.arange(size) - size // 2
    g = jnp.exp(-0.5 * (r / sigma) ** 2)
    k = jnp.outer(g, g)
    return k / k.sum()


def read_frame(key, shape=(48, 48), psf=None):
    """A blurred, noisy exposure of a bar target, quantised like the sensor does."""
    yy, xx = jnp.mgrid[: shape[0], : shape[1]]
    scene = 200.0 * ((xx // 6) % 2) * (yy > shape[0] // 4) + 20.0
    if psf is not None:
        scene = convolve2d(scene, psf, mode="same")
    noisy = scene + 3.0 * jax.random.normal(key, shape)
    return jnp.clip(jnp.round(noisy), 0, 255).astype(jnp.uint8)
