"""Poisson regression of hourly vehicle counts on weather and calendar features."""
import functools

import jax
import jax.numpy as jnp

from regularizers import REGULARIZERS

CONFIG = {"penalty": "ridge", "strength": 0.1, "lr": 0.02, "epochs": 400}


def poisson_nll(w, b, x, counts):
    log_rate = x @ w + b
    return jnp.mean(jnp.exp(log_rate) - counts * log_rate)


def make_objective(config):
    penalty = functools.partial(REGULARIZERS[config["penalty"]], strength=config["strength"])
    return lambda params, x, counts: poisson_nll(*params, x, counts) + penalty(params[0])


def train(x, counts, config=CONFIG):
    objective = make_objective(config)
    params = (jnp.zeros(x.shape[1]), jnp.log(jnp.mean(counts)))

    @jax.jit
    def run(params):
        def epoch(p, _):
            loss, g = jax.value_and_grad(objective)(p, x, counts)
            return jax.tree.map(lambda a, b: a - config["lr"] * b, p, g), loss

        return jax.lax.scan(epoch, params, None, length=config["epochs"])

    return run(params)
