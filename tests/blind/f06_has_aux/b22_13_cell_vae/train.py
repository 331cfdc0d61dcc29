"""Fit the expression VAE with Adam written out by hand."""

import functools

import jax
import jax.numpy as jnp

from objectives import negative_elbo
from vae import init


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"m": zeros, "v": zeros, "t": jnp.zeros((), jnp.int32)}


def adam_update(grads, state, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, state["v"], grads)
    scale = jnp.sqrt(1 - b2**t) / (1 - b1**t)
    updates = jax.tree.map(lambda m, v: -lr * scale * m / (jnp.sqrt(v) + eps), m, v)
    return updates, {"m": m, "v": v, "t": t}


@functools.partial(jax.jit, static_argnames=("beta",))
def train_step(params, opt_state, counts, key, beta=1.0):
    grad_fn = jax.value_and_grad(negative_elbo, has_aux=True)
    (loss, terms), grads = grad_fn(params, counts, key, beta)
    updates, opt_state = adam_update(grads, opt_state)
    params = jax.tree.map(jnp.add, params, updates)
    return params, opt_state, terms


def simulate_counts(key, n_cells=128, n_genes=40):
    k1, k2, k3 = jax.random.split(key, 3)
    programs = jax.random.dirichlet(k1, jnp.ones(n_genes) * 0.3, (3,))
    cell_type = jax.random.randint(k2, (n_cells,), 0, 3)
    return jax.random.poisson(k3, 500.0 * programs[cell_type]).astype(jnp.float32)


def main(steps=50):
    counts = simulate_counts(jax.random.key(0))
    params = init(jax.random.key(1))
    opt_state = adam_init(params)
    for key in jax.random.split(jax.random.key(2), steps):
        params, opt_state, terms = train_step(params, opt_state, counts, key)
    print("recon", terms.recon, "kl", terms.kl)
    return terms


if __name__ == "__main__":
    main()
