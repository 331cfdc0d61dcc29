import jax
import jax.numpy as jnp

from calibrate import BOARD, PIXELS, reprojection_error
from camera import default_intrinsics


def test_gradient_has_every_intrinsic():
    g = jax.grad(reprojection_error)(default_intrinsics(), jnp.asarray(BOARD, jnp.float32),
                                     jnp.asarray(PIXELS, jnp.float32))
    assert set(g) == {"focal", "center", "dist"}
