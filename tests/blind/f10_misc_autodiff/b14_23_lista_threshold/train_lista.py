import jax
import jax.numpy as jnp

from sparse.lista import train


def problem(key, n=64, m=20, k=40):
    k1, k2, k3 = jax.random.split(key, 3)
    dictionary = jax.random.normal(k1, (m, k)) / jnp.sqrt(m)
    support = jax.random.bernoulli(k2, 0.1, (n, k))
    codes = support * jax.random.normal(k3, (n, k))
    return codes @ dictionary.T, codes, dictionary


def main(steps=100):
    ys, codes, dictionary = problem(jax.random.key(0))
    params = {"lam": jnp.float32(0.1), "step": jnp.float32(0.2)}
    params = train(params, ys, codes, dictionary, steps=steps)
    print({k: float(v) for k, v in params.items()})
    return params


if __name__ == "__main__":
    main()
