"""Random-walk Metropolis with jax.lax.scan."""

import functools

import jax
import jax.numpy as jnp

from target import banana


def mh_step(log_density, step_size, carry, key):
    x, logp = carry
    k_prop, k_acc = jax.random.split(key)
    proposal = x + step_size * jax.random.normal(k_prop, x.shape)
    logp_prop = log_density(proposal)
    log_u = jnp.log(jax.random.uniform(k_acc))
    accept = log_u < logp_prop - logp
    x, logp = jnp.where(accept, proposal, x), jnp.where(accept, logp_prop, logp)
    return (x, logp), x


def sample(log_density, x0, key, n=500, step_size=0.5):
    keys = jax.random.split(key, n)
    body = functools.partial(mh_step, log_density, step_size)
    _, xs = jax.lax.scan(body, (x0, log_density(x0)), keys)
    return xs


def main():
    xs = sample(banana, jnp.zeros(2), jax.random.PRNGKey(0))
    print("mean", xs.mean(0), "std", xs.std(0))


if __name__ == "__main__":
    main()
