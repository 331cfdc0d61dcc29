"""Maximum-likelihood fit of PK parameters and assay noise."""

import jax
import jax.numpy as jnp

from noise import init_noise
from pk import PKParams, concentration

DOSE = 100.0


def objective(params, t, observed):
    pk, noise = params
    residuals = observed - concentration(pk, DOSE, t)
    return noise.nll(residuals)


@jax.jit
def step(params, t, observed, lr=0.02):
    value, grads = jax.value_and_grad(objective)(params, t, observed)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, value


def synthetic_study(key):
    t = jnp.linspace(0.25, 24.0, 20)
    truth = PKParams(jnp.log(1.2), jnp.log(0.15), jnp.log(30.0))
    return t, concentration(truth, DOSE, t) + 0.05 * jax.random.normal(key, t.shape)


def main():
    t, observed = synthetic_study(jax.random.key(3))
    params = (PKParams(jnp.log(0.8), jnp.log(0.1), jnp.log(25.0)), init_noise())
    for _ in range(200):
        params, value = step(params, t, observed)
    print("nll", value, "sigma", params[1].sigma)
    return value


if __name__ == "__main__":
    main()
