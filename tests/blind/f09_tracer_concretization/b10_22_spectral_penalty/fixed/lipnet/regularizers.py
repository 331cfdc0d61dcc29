"""Spectral norm of a weight matrix by power iteration to a tolerance."""
import jax
import jax.numpy as jnp
from jax import lax


def spectral_norm(w, tol=1e-5, max_iter=200):
    w_const = lax.stop_gradient(w)

    def cond(carry):
        _, sigma, prev, i = carry
        return (jnp.abs(sigma - prev) > tol * sigma) & (i < max_iter)

    def body(carry):
        v, sigma, _, i = carry
        u = w_const @ v
        u = u / jnp.linalg.norm(u)
        v_new = w_const.T @ u
        return v_new / jnp.linalg.norm(v_new), jnp.linalg.norm(w_const @ v_new), sigma, i + 1

    v0 = jnp.ones(w.shape[1]) / jnp.sqrt(w.shape[1])
    # The singular vectors are found without tracking gradients; sigma = |w v| is
    # then differentiable in w through the last product only.
    v, _, _, _ = lax.while_loop(cond, body, (v0, jnp.array(1.0), jnp.array(0.0), 0))
    return jnp.linalg.norm(w @ v)


def lipschitz_penalty(params, strength):
    return strength * sum(spectral_norm(layer["w"]) for layer in params)
