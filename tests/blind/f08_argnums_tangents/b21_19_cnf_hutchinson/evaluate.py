"""Average test log-likelihood of a (randomly initialised) CNF on 2-D moons."""
import jax
import jax.numpy as jnp

from flow import init_field, log_likelihood


def moons(key, n=32):
    k1, k2 = jax.random.split(key)
    theta = jax.random.uniform(k1, (n,), maxval=jnp.pi)
    upper = jnp.stack([jnp.cos(theta), jnp.sin(theta)], 1)
    lower = jnp.stack([1 - jnp.cos(theta), 0.5 - jnp.sin(theta)], 1)
    pick = jax.random.bernoulli(k2, 0.5, (n, 1))
    return jnp.where(pick, upper, lower)


def main():
    params = init_field(jax.random.key(0), dim=2)
    xs = moons(jax.random.key(1))
    keys = jax.random.split(jax.random.key(2), xs.shape[0])
    ll = jax.jit(jax.vmap(lambda x, k: log_likelihood(params, x, k)))(xs, keys)
    print(f"mean test log-likelihood: {float(ll.mean()):.3f}")
    return ll


if __name__ == "__main__":
    main()
