"""Continuous normalising flow: velocity field and its divergence estimate."""
import jax
import jax.numpy as jnp

from probes import sign_probes


def velocity(params, x):
    h = jnp.tanh(params["W1"] @ x + params["b1"])
    return params["W2"] @ h


def divergence_estimate(params, x, key, n_probes=4):
    vs = sign_probes(key, n_probes, x.shape[0])
    f = lambda y: velocity(params, y)

    def one(v):
        _, jv = jax.jvp(f, (x,), (v,))
        return v @ jv

    return jnp.mean(jax.vmap(one)(vs))


def log_density_change(params, x, key, n_steps=10, dt=0.1):
    logdet = 0.0
    for k in jax.random.split(key, n_steps):
        logdet = logdet - dt * divergence_estimate(params, x, k)
        x = x + dt * velocity(params, x)
    return x, logdet
