"""Loss terms of a physics-informed network for the 1-D heat equation u_t = k u_xx."""
import jax
import jax.numpy as jnp


def mlp(params, x, t):
    h = jnp.stack([x, t])
    for w, b in params[:-1]:
        h = jnp.tanh(w @ h + b)
    w, b = params[-1]
    return (w @ h + b)[0]


def pde_residual(params, x, t, k):
    u_t = jax.grad(mlp, argnums=2)(params, x, t)
    u_xx = jax.grad(jax.grad(mlp, argnums=1), argnums=1)(params, x, t)
    return u_t - k * u_xx


def all_terms(params, colloc, boundary, initial, k):
    res = jax.vmap(pde_residual, in_axes=(None, 0, 0, None))(params, colloc[:, 0], colloc[:, 1], k)
    u_b = jax.vmap(mlp, in_axes=(None, 0, 0))(params, boundary[:, 0], boundary[:, 1])
    u_0 = jax.vmap(mlp, in_axes=(None, 0, 0))(params, initial[:, 0], initial[:, 1])
    return {
        "pde": jnp.mean(res**2),
        "boundary": jnp.mean(u_b**2),
        "initial": jnp.mean((u_0 - jnp.sin(jnp.pi * initial[:, 0])) ** 2),
    }


def combine_terms(terms, weights):
    return {name: weights[name] * value for name, value in terms.items()}
