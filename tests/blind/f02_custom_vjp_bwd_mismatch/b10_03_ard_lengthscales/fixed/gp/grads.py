"""Closed-form partial derivatives of the ARD kernel."""
import jax.numpy as jnp


def pairwise_diff(x, z):
    return x[:, None, :] - z[None, :, :]


def input_grads(gk, diff, ls):
    """Cotangents of x and z, given gk = g * K."""
    scaled = diff / ls**2
    gx = -jnp.einsum("nm,nmd->nd", gk, scaled)
    gz = jnp.einsum("nm,nmd->md", gk, scaled)
    return gx, gz


def lengthscale_grad(gk, diff, ls):
    """Cotangent of the per-dimension lengthscales: dK/dl_d = K (x_d - z_d)^2 / l_d^3."""
    per_pair = gk[..., None] * diff**2 / ls**3
    return jnp.sum(per_pair, axis=(0, 1))
