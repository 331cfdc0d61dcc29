"""Bootstrap particle filter for the growth model, jitted end to end."""
import functools

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from model import log_obs, simulate, transition
from resampling import systematic


@functools.partial(jax.jit, static_argnames="n_particles")
def bootstrap_filter(key, ys, n_particles=500):
    k0, k_run = jax.random.split(key)
    x0 = jnp.sqrt(5.0) * jax.random.normal(k0, (n_particles,))

    def body(particles, inp):
        t, y, k = inp
        k_move, k_res = jax.random.split(k)
        particles = transition(k_move, particles, t)
        logw = log_obs(y, particles)
        log_norm = logsumexp(logw)
        w = jnp.exp(logw - log_norm)
        estimate = jnp.sum(w * particles)
        particles = systematic(k_res, particles, w)
        return particles, (estimate, log_norm - jnp.log(n_particles))

    ts = jnp.arange(1.0, ys.shape[0] + 1.0)
    keys = jax.random.split(k_run, ys.shape[0])
    _, (means, loglik) = jax.lax.scan(body, x0, (ts, ys, keys))
    return means, jnp.sum(loglik)


def main():
    xs, ys = simulate(jax.random.PRNGKey(0))
    means, loglik = bootstrap_filter(jax.random.PRNGKey(1), ys)
    print("rmse", float(jnp.sqrt(jnp.mean((means - xs) ** 2))), "log-likelihood", float(loglik))


if __name__ == "__main__":
    main()
