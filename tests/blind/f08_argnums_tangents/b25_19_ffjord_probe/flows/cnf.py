"""A continuous normalising flow with a Hutchinson estimate of the divergence."""

from __future__ import annotations

from dataclasses import dataclass

import jax
import jax.numpy as jnp

from flows.probes import sample_probe


@dataclass(frozen=True)
class VectorField:
    dim: int
    hidden: int = 32

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {"w1": jax.random.normal(k1, (self.dim + 1, self.hidden)) / jnp.sqrt(self.dim + 1.0),
                "w2": 0.1 * jax.random.normal(k2, (self.hidden, self.dim))}

    def __call__(self, params, t, z):
        h = jnp.tanh(jnp.concatenate([z, jnp.array([t])]) @ params["w1"])
        return h @ params["w2"]


def hutchinson_divergence(f, z, eps):
    dz, jvp_eps = jax.jvp(f, (z,), (eps,))
    return dz, jnp.dot(jvp_eps, eps)


def log_density(field: VectorField, params, x, key, n_steps=10, probe="rademacher"):
    """log p(x) by integrating dz/dt = f(t, z) and d log p/dt = -div f backwards to t=0."""
    eps = sample_probe(probe, key, x.shape)
    dt = 1.0 / n_steps
    z, delta_logp = x, 0.0
    for i in range(n_steps):
        t = 1.0 - i * dt
        dz, div = hutchinson_divergence(lambda z_: field(params, t, z_), z, eps)
        z = z - dt * dz
        delta_logp = delta_logp + dt * div
    base = -0.5 * jnp.sum(z**2) - 0.5 * field.dim * jnp.log(2 * jnp.pi)
    return base - delta_logp
