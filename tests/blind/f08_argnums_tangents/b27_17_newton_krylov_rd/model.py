"""Steady 1-D reaction-diffusion of an activator u and a substrate v (Dirichlet ends)."""
import jax.numpy as jnp

D_U, D_V = 1.0, 4.0
K_DECAY, K_REACT, FEED = 1.0, 0.5, 1.0


def laplacian(w, h, left, right):
    padded = jnp.concatenate([jnp.array([left]), w, jnp.array([right])])
    return (padded[2:] - 2 * padded[1:-1] + padded[:-2]) / h ** 2


def residual(state, h):
    u, v = state["u"], state["v"]
    reaction = K_REACT * u * u * v
    ru = D_U * laplacian(u, h, 0.0, 0.0) - K_DECAY * u + reaction + 0.1
    rv = D_V * laplacian(v, h, 1.0, 1.0) - reaction + FEED * (1.0 - v)
    return {"u": ru, "v": rv}
