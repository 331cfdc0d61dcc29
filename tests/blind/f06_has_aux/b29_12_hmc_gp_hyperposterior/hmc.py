"""Hamiltonian Monte Carlo with a fixed number of leapfrog steps (after Neal, 2011)."""
from functools import partial

import jax
import jax.numpy as jnp


class HMC:
    def __init__(self, log_prob, step_size=0.05, n_leapfrog=20):
        self.log_prob = log_prob
        self.grad_log_prob = jax.grad(log_prob)
        self.step_size = step_size
        self.n_leapfrog = n_leapfrog

    def leapfrog(self, q, p):
        eps = self.step_size
        p = p + 0.5 * eps * self.grad_log_prob(q)
        for i in range(self.n_leapfrog):
            q = q + eps * p
            if i < self.n_leapfrog - 1:
                p = p + eps * self.grad_log_prob(q)
        p = p + 0.5 * eps * self.grad_log_prob(q)
        return q, p

    def hamiltonian(self, q, p):
        return -self.log_prob(q) + 0.5 * jnp.sum(p ** 2)

    @partial(jax.jit, static_argnums=0)
    def step(self, q, key):
        k_mom, k_acc = jax.random.split(key)
        p0 = jax.random.normal(k_mom, q.shape)
        q1, p1 = self.leapfrog(q, p0)
        log_accept = self.hamiltonian(q, p0) - self.hamiltonian(q1, p1)
        accept = jnp.log(jax.random.uniform(k_acc)) < log_accept
        return jnp.where(accept, q1, q), accept
