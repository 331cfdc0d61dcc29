"""Smooth penalties with hand-written JVPs, shared by the denoising scripts."""
import jax
import jax.numpy as jnp


def _pseudo_huber_tangent(x, dx, delta):
    scale = x / jnp.sqrt(1.0 + (x / delta) ** 2)
    return scale * dx


@jax.custom_jvp
def pseudo_huber(x, delta):
    return delta**2 * (jnp.sqrt(1.0 + (x / delta) ** 2) - 1.0)


@pseudo_huber.defjvp
def _pseudo_huber_jvp(primals, tangents):
    x, delta = primals
    dx, _ = tangents
    out = pseudo_huber(x, delta)
    return out, _pseudo_huber_tangent(x, dx, delta)
