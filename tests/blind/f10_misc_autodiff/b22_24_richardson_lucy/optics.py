"""The microscope's blur as a linear operator, and its adjoint."""

import functools

import jax
import jax.numpy as jnp


def blur(image, psf):
    return jax.scipy.signal.convolve2d(image, psf, mode="same")


def make_operator(psf, example):
    """Return ``(forward, adjoint)`` for the blur by ``psf`` on images like ``example``."""
    forward = functools.partial(blur, psf=jnp.asarray(psf))
    transpose = jax.linear_transpose(forward, example)
    return forward, lambda y: transpose(y)[0]
