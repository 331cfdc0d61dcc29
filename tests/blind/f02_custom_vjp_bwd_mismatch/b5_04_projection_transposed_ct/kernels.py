"""Dense projection with a hand-written backward pass (recomputes nothing)."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def project(w: jax.Array, x: jax.Array) -> jax.Array:
    return x @ w


def _project_fwd(w, x):
    return x @ w, (w, x)


def _project_bwd(res, g):
    w, x = res
    dw = g.T @ x
    dx = g @ w.T
    return dw, dx


project.defvjp(_project_fwd, _project_bwd)

ACTIVATIONS = {
    "tanh": jnp.tanh,
    "relu": jax.nn.relu,
    "identity": lambda h: h,
}
