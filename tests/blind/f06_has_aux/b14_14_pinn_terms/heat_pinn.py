import jax
import jax.numpy as jnp

from pinn.terms import all_terms
from pinn.train import train


def init_mlp(key, sizes=(2, 16, 16, 1)):
    params = []
    for k, (m, n) in zip(jax.random.split(key, len(sizes) - 1), zip(sizes[:-1], sizes[1:])):
        params.append((jax.random.normal(k, (n, m)) / jnp.sqrt(m), jnp.zeros(n)))
    return params


def sample_points(key, n=64):
    k1, k2, k3 = jax.random.split(key, 3)
    colloc = jax.random.uniform(k1, (n, 2))
    tb = jax.random.uniform(k2, (n,))
    boundary = jnp.stack([jnp.where(jnp.arange(n) % 2 == 0, 0.0, 1.0), tb], axis=1)
    initial = jnp.stack([jax.random.uniform(k3, (n,)), jnp.zeros(n)], axis=1)
    return colloc, boundary, initial


def main(steps=100):
    params = init_mlp(jax.random.key(0))
    colloc, boundary, initial = sample_points(jax.random.key(1))
    params = train(params, colloc, boundary, initial, steps=steps)
    terms = all_terms(params, colloc, boundary, initial, 0.1)
    print({k: float(v) for k, v in terms.items()})
    return terms


if __name__ == "__main__":
    main()
