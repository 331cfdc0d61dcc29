"""Distances with gradients that stay finite at zero."""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def safe_norm(v):
    return jnp.sqrt(jnp.sum(v ** 2, axis=-1))


def _safe_norm_fwd(v):
    n = safe_norm(v)
    return n, (v, n)


def _safe_norm_bwd(res, g):
    v, n = res
    return (g[..., None] * v / jnp.maximum(n, 1e-9)[..., None],)


safe_norm.defvjp(_safe_norm_fwd, _safe_norm_bwd)


def link_points(q, lengths, samples=5):
    """Points along every link, shape (n_links * samples, 2)."""
    angles = jnp.cumsum(q)
    dirs = jnp.stack([jnp.cos(angles), jnp.sin(angles)], axis=-1) * lengths[:, None]
    joints = jnp.concatenate([jnp.zeros((1, 2)), jnp.cumsum(dirs, axis=0)])
    s = jnp.linspace(0.0, 1.0, samples)[None, :, None]
    return (joints[:-1, None, :] + s * dirs[:, None, :]).reshape(-1, 2)


def clearances(q, lengths, obstacles, radii):
    """Smallest distance from the arm to each circular obstacle's surface."""
    pts = link_points(q, lengths)
    d = safe_norm(pts[:, None, :] - obstacles[None, :, :]) - radii[None, :]
    return -jax.nn.logsumexp(-20.0 * d, axis=0) / 20.0
