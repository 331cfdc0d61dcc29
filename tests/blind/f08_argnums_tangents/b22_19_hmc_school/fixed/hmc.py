"""Hamiltonian Monte Carlo over (mu, log_tau, eta) with a leapfrog integrator."""

from typing import NamedTuple

import jax
import jax.numpy as jnp

from model import potential

grad_potential = jax.grad(potential, argnums=(0, 1, 2))


class Position(NamedTuple):
    mu: jax.Array
    log_tau: jax.Array
    eta: jax.Array


def force(q, data):
    return Position(*grad_potential(q.mu, q.log_tau, q.eta, data=data))


def leapfrog(q, p, data, step_size, n_steps):
    def body(carry, _):
        q, p = carry
        p = jax.tree.map(lambda pi, gi: pi - 0.5 * step_size * gi, p, force(q, data))
        q = jax.tree.map(lambda qi, pi: qi + step_size * pi, q, p)
        p = jax.tree.map(lambda pi, gi: pi - 0.5 * step_size * gi, p, force(q, data))
        return (q, p), None

    (q, p), _ = jax.lax.scan(body, (q, p), None, length=n_steps)
    return q, p


def hamiltonian(q, p, data):
    kinetic = 0.5 * sum(jnp.sum(x**2) for x in p)
    return potential(*q, data) + kinetic


def hmc_step(q, key, data, step_size=0.2, n_steps=10):
    k_mom, k_acc = jax.random.split(key)
    leaves = jax.random.normal(k_mom, (10,))
    p = Position(leaves[0], leaves[1], leaves[2:])
    q_new, p_new = leapfrog(q, p, data, step_size, n_steps)
    log_accept = hamiltonian(q, p, data) - hamiltonian(q_new, p_new, data)
    accept = jnp.log(jax.random.uniform(k_acc)) < log_accept
    return jax.tree.map(lambda a, b: jnp.where(accept, a, b), q_new, q), accept
