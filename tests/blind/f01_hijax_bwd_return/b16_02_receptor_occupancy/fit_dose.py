"""Fit EC50 and maximal effect of an agonist to a dose-response curve."""
import functools

import jax
import jax.numpy as jnp

from occupancy import occupancy

DOSES = jnp.logspace(-3, 1, 12)


def effect(params, doses):
    return params["e_max"] * occupancy(doses, params["log_ec50"])


def mse(params, doses, response):
    return jnp.mean((effect(params, doses) - response) ** 2)


@functools.partial(jax.jit, static_argnames="lr")
def update(params, doses, response, lr=0.5):
    value, grads = jax.value_and_grad(mse)(params, doses, response)
    params = jax.tree_util.tree_map(lambda p, g: p - lr * g, params, grads)
    return params, value


def run(n_steps=50):
    truth = {"e_max": jnp.float32(0.9), "log_ec50": jnp.float32(-2.0)}
    response = effect(truth, DOSES)
    params = {"e_max": jnp.float32(1.0), "log_ec50": jnp.float32(0.0)}
    for _ in range(n_steps):
        params, value = update(params, DOSES, response)
    return params, value


def main():
    params, value = run()
    print("EC50", float(jnp.exp(params["log_ec50"])), "loss", float(value))


if __name__ == "__main__":
    main()
