"""Train the hedge policy of a short at-the-money call by minimising entropic risk."""
import jax
import jax.numpy as jnp

from hedging import entropic_risk, hedged_pnl
from market import CLAIMS, gbm_paths


def objective(theta, paths, claim="atm_call", premium=4.0):
    payoff = CLAIMS[claim](paths)
    return entropic_risk(hedged_pnl(theta, paths, payoff, premium))


@jax.jit
def sgd_step(theta, key, lr=0.5):
    paths = gbm_paths(key, 2048, 30)
    risk, g = jax.value_and_grad(objective)(theta, paths)
    return theta - lr * g, risk


def train(n_iter=50, seed=0):
    theta = jnp.array([1.0, 0.0])
    for key in jax.random.split(jax.random.PRNGKey(seed), n_iter):
        theta, risk = sgd_step(theta, key)
    return theta, risk


def main():
    theta, risk = train()
    print("policy", theta, "entropic risk", float(risk))


if __name__ == "__main__":
    main()
