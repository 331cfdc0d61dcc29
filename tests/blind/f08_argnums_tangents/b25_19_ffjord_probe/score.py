"""Average log-likelihood of a batch of points under an (untrained) CNF."""

import jax
import jax.numpy as jnp

from flows import VectorField, log_density

SETTINGS = {"dim": 2, "probe": "rademacher", "n_steps": 8}


def score(n_points=16):
    field = VectorField(SETTINGS["dim"])
    params = field.init(jax.random.key(0))
    xs = jax.random.normal(jax.random.key(1), (n_points, SETTINGS["dim"]))
    keys = jax.random.split(jax.random.key(2), n_points)
    lls = [log_density(field, params, x, k, SETTINGS["n_steps"], SETTINGS["probe"])
           for x, k in zip(xs, keys)]
    return jnp.mean(jnp.stack(lls))


def main():
    print("mean log-likelihood", float(score()))


if __name__ == "__main__":
    main()
