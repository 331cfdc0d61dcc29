"""Fit a three-component mixture to samples from two clusters."""
import jax
import jax.numpy as jnp

from mixture.density import MixtureParams, mean_log_likelihood


def samples(n=300, seed=0):
    k1, k2 = jax.random.split(jax.random.key(seed))
    a = -2.0 + 0.5 * jax.random.normal(k1, (n // 2,))
    b = 1.5 + 0.8 * jax.random.normal(k2, (n - n // 2,))
    return jnp.concatenate([a, b])


def fit(steps=100, lr=0.1):
    x = samples()
    params = MixtureParams(jnp.zeros(3), jnp.array([-1.0, 0.0, 1.0]), jnp.zeros(3))
    ascent = jax.jit(jax.grad(mean_log_likelihood))
    for _ in range(steps):
        g = ascent(params, x)
        params = jax.tree.map(lambda p, d: p + lr * d, params, g)
    return params, mean_log_likelihood(params, x)


def main():
    params, ll = fit()
    print("means", params.means, "mean log-likelihood", float(ll))


if __name__ == "__main__":
    main()
