"""Helpers shared by the diffusion code: everything image-shaped is (B, H, W, C)."""
import jax.numpy as jnp

S = 0.008


def per_image(v):
    """Reshape a per-example vector so it broadcasts against (B, H, W, C) images."""
    return v[:, None, None, None]


def cosine_f(t):
    return jnp.cos((t + S) / (1 + S) * jnp.pi / 2) ** 2


def dalpha_dt(t):
    """d alpha_bar / dt of the cosine schedule, per image."""
    u = (t + S) / (1 + S) * jnp.pi / 2
    d = -2.0 * jnp.cos(u) * jnp.sin(u) * (jnp.pi / 2) / (1 + S) / cosine_f(0.0)
    return per_image(d)
