"""Richardson-Lucy deconvolution of a bead frame."""

import jax
import jax.numpy as jnp

from camera import capture_frame, gaussian_psf
from optics import make_operator


def richardson_lucy(frame, forward, adjoint, iters=30, background=100.0):
    data = jnp.asarray(frame, jnp.float32)
    norm = adjoint(jnp.ones_like(data))
    estimate = jnp.full_like(data, data.mean())

    def body(est, _):
        ratio = data / (forward(est) + background)
        return est * adjoint(ratio) / norm, None

    estimate, _ = jax.lax.scan(body, estimate, None, length=iters)
    return estimate


def main():
    frame = jnp.asarray(capture_frame())
    forward, adjoint = make_operator(gaussian_psf(), frame.astype(jnp.float32))
    estimate = jax.jit(richardson_lucy, static_argnums=(1, 2))(frame, forward, adjoint)
    print("peak before", frame.max(), "after", estimate.max())
    return frame, estimate


if __name__ == "__main__":
    main()
