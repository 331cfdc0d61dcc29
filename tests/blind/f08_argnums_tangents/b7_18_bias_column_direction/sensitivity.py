"""Directional sensitivity of a logistic model's log-odds to random input perturbations."""

import jax
import jax.numpy as jnp

from features import SPEC, design_row


def log_odds(theta, row):
    return jnp.dot(theta, row)


def random_direction(key, spec):
    v = jax.random.normal(key, (spec["n_features"],))
    return v / jnp.linalg.norm(v)


def directional_sensitivities(theta, raw, key, n_dirs=8):
    row = design_row(raw)
    out = []
    for k in jax.random.split(key, n_dirs):
        v = random_direction(k, SPEC)
        _, dlogit = jax.jvp(lambda r: log_odds(theta, r), (row,), (v,))
        out.append(dlogit)
    return jnp.stack(out)


def main():
    theta = jnp.array([0.5, -1.0, 2.0, 0.0, 0.3])
    raw = jnp.array([1.0, 3.0, -2.0, 0.5])
    s = directional_sensitivities(theta, raw, jax.random.key(0))
    print("max sensitivity", float(jnp.max(jnp.abs(s))))
    return s


if __name__ == "__main__":
    main()
