"""Continuous normalising flow: a time-conditioned MLP vector field."""
import jax
import jax.numpy as jnp

from probes import rademacher_like


def init_field(key, dim, hidden=32):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (dim + 1, hidden)) * 0.3,
        "w2": jax.random.normal(k2, (hidden, dim)) * 0.3,
    }


def vector_field(params, z, t):
    h = jnp.tanh(jnp.append(z, t) @ params["w1"])
    return h @ params["w2"]


def hutchinson_divergence(params, z, t, key, n_probes=8):
    dz, jvp_fn = jax.linearize(lambda u: vector_field(params, u, t), z)
    vs = rademacher_like(key, z, n_probes)
    quad = jax.vmap(lambda v: jnp.dot(v, jvp_fn(v)))(vs)
    return dz, jnp.mean(quad)


def log_likelihood(params, x, key, n_steps=10):
    """Integrate z and the log-density change from t=1 back to t=0 (Euler)."""
    dt = 1.0 / n_steps
    z, delta_logp = x, 0.0
    for i in range(n_steps):
        t = 1.0 - i * dt
        key, sub = jax.random.split(key)
        dz, div = hutchinson_divergence(params, z, t, sub)
        z = z - dt * dz
        delta_logp = delta_logp + dt * div
    base = -0.5 * jnp.sum(z ** 2) - 0.5 * z.shape[0] * jnp.log(2 * jnp.pi)
    return base + delta_logp
