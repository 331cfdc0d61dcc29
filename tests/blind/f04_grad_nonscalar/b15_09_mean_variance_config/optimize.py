"""Find mean-variance optimal weights for a small multi-asset universe."""
import jax
import jax.numpy as jnp

from alloc.defaults import merged
from alloc.objective import MeanVariance


def market():
    mu = jnp.array([0.07, 0.06, 0.03, 0.02, 0.05])
    vol = jnp.array([0.16, 0.18, 0.05, 0.15, 0.20])
    corr = 0.3 * jnp.ones((5, 5)) + 0.7 * jnp.eye(5)
    return mu, corr * vol[:, None] * vol[None, :]


def optimise(cfg):
    objective = MeanVariance(cfg, *market())
    step = jax.jit(jax.value_and_grad(objective.loss))
    logits = jnp.zeros(len(cfg["assets"]))
    for _ in range(cfg["steps"]):
        value, g = step(logits)
        logits = logits - cfg["learning_rate"] * g
    return objective.weights(logits), -value


def main():
    cfg = merged()
    weights, utility = optimise(cfg)
    for name, w in zip(cfg["assets"], weights):
        print(f"{name:10s} {float(w):.3f}")
    print("utility", float(utility))


if __name__ == "__main__":
    main()
