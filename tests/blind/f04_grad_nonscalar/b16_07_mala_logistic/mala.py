"""Metropolis-adjusted Langevin sampling of the bioassay posterior."""
import functools

import jax
import jax.numpy as jnp

from model import make_log_posterior


def simulate(key, n=120):
    k1, k2 = jax.random.split(key)
    x = jnp.concatenate([jnp.ones((n, 1)), jax.random.normal(k1, (n, 2))], axis=1)
    w_true = jnp.array([-0.5, 1.8, -0.7])
    y = jax.random.bernoulli(k2, jax.nn.sigmoid(x @ w_true)).astype(jnp.float32)
    return x, y


@functools.partial(jax.jit, static_argnums=(0,))
def mala_step(log_post, key, w, x, y, eps=0.05):
    grad = jax.grad(log_post)
    k1, k2 = jax.random.split(key)
    mean = w + 0.5 * eps**2 * grad(w, x, y)
    prop = mean + eps * jax.random.normal(k1, w.shape)
    back = prop + 0.5 * eps**2 * grad(prop, x, y)
    log_q_fwd = -jnp.sum((prop - mean) ** 2) / (2 * eps**2)
    log_q_back = -jnp.sum((w - back) ** 2) / (2 * eps**2)
    log_alpha = log_post(prop, x, y) - log_post(w, x, y) + log_q_back - log_q_fwd
    accept = jnp.log(jax.random.uniform(k2)) < log_alpha
    return jnp.where(accept, prop, w), accept


def sample(n_samples=200, seed=0):
    key = jax.random.PRNGKey(seed)
    x, y = simulate(key)
    log_post = make_log_posterior("gaussian")
    w = jnp.zeros(3)
    draws, accepted = [], 0
    for k in jax.random.split(key, n_samples):
        w, acc = mala_step(log_post, k, w, x, y)
        draws.append(w)
        accepted += int(acc)
    return jnp.stack(draws), accepted / n_samples


def main():
    draws, rate = sample()
    print("posterior mean", draws[100:].mean(axis=0), "acceptance", rate)


if __name__ == "__main__":
    main()
