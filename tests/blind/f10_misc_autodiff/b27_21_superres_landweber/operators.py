"""Imaging forward model (blur then decimate) and its adjoint."""
import jax
import jax.numpy as jnp
from jax import lax

FACTOR = 2
PSF = jnp.outer(jnp.array([1.0, 2.0, 1.0]), jnp.array([1.0, 2.0, 1.0])) / 16.0


def blur_decimate(image):
    blurred = lax.conv_general_dilated(image[None, None], PSF[None, None], (1, 1), "SAME")[0, 0]
    return blurred[::FACTOR, ::FACTOR]


def make_adjoint(forward, image_shape):
    """Adjoint of a linear operator acting on images of `image_shape`."""
    transposed = jax.linear_transpose(forward, jax.ShapeDtypeStruct(image_shape, jnp.float32))
    return lambda residual: transposed(residual)[0]
