"""Dose-response of an assay whose low readings are reported at the detection limit."""
import jax
import jax.numpy as jnp

from tobit import tobit_nll

LIMIT = 0.5


def make_data(key, n=120):
    k1, k2 = jax.random.split(key)
    dose = jax.random.uniform(k1, (n,), minval=0.0, maxval=4.0)
    X = jnp.stack([jnp.ones(n), dose], axis=1)
    latent = X @ jnp.array([-0.5, 0.8]) + 0.4 * jax.random.normal(k2, (n,))
    return X, jnp.maximum(latent, LIMIT)


def fit(X, y, steps=300, lr=0.1):
    params = {"beta": jnp.zeros(2), "log_sigma": jnp.array(0.0)}
    step = jax.jit(jax.value_and_grad(tobit_nll))
    for _ in range(steps):
        value, g = step(params, X, y, LIMIT)
        params = jax.tree_util.tree_map(lambda p, d: p - lr * d, params, g)
    return params, value


def main():
    X, y = make_data(jax.random.key(0))
    params, value = fit(X, y)
    print("nll", float(value), "beta", params["beta"], "sigma", float(jnp.exp(params["log_sigma"])))


if __name__ == "__main__":
    main()
