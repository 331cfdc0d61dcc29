"""Physics-informed loss: data misfit plus PDE residual, returned by name."""

import jax
import jax.numpy as jnp


def net(params, t):
    h = jnp.tanh(jnp.outer(t, params["a"]) + params["b"])
    return h @ params["c"]


def pinn_losses(params, t_data, u_data, t_col, k=1.0):
    data = jnp.mean((net(params, t_data) - u_data) ** 2)
    du = jax.vmap(jax.grad(lambda s: net(params, s[None])[0]))(t_col)
    resid = jnp.mean((du + k * net(params, t_col)) ** 2)
    return {"data": data, "physics": resid}
