"""Tune a stabilising gain against the tail of an ensemble of disturbed runs."""
import functools

import jax
import jax.numpy as jnp

from plant import ensemble_costs
from risk import RISK_MEASURES

CONFIG = {
    "risk": "cvar",
    "alpha": 0.2,
    "members": 20,
    "horizon": 150,
    "learning_rate": 2e-3,
    "iterations": 30,
}


def make_objective(cfg):
    measure = functools.partial(RISK_MEASURES[cfg["risk"]], alpha=cfg["alpha"])

    def objective(gain, x0s, disturbances):
        return measure(ensemble_costs(gain, x0s, disturbances))

    return objective


def sample_ensemble(key, cfg):
    k1, k2 = jax.random.split(key)
    x0s = 0.05 * jax.random.normal(k1, (cfg["members"], 4))
    w = 0.5 * jax.random.normal(k2, (cfg["members"], cfg["horizon"], 4))
    return x0s, w


def main(cfg=CONFIG):
    objective = make_objective(cfg)
    step = jax.jit(jax.value_and_grad(objective))
    gain = jnp.array([-1.0, -2.0, -30.0, -5.0])
    x0s, w = sample_ensemble(jax.random.key(3), cfg)
    for it in range(cfg["iterations"]):
        value, g = step(gain, x0s, w)
        gain = gain - cfg["learning_rate"] * g
    print(f"tail cost {float(value):.4f}, gain {gain}")
    return value


if __name__ == "__main__":
    main()
