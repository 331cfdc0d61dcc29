"""Monthly rebalance: trade off return, risk and turnover."""
from functools import partial

import jax
import jax.numpy as jnp

from objectives import make_scalarized, objective_terms, weights_from_logits

TRADE_OFFS = {"neg_return": 1.0, "variance": 4.0, "turnover": 0.02}


def rebalance(mu, cov, prev_w, steps=200, lr=20.0):
    loss = make_scalarized(objective_terms, TRADE_OFFS)
    grad_fn = jax.jit(jax.grad(partial(loss, mu=mu, cov=cov, prev_w=prev_w)))
    logits = jnp.log(prev_w)
    for _ in range(steps):
        logits = logits - lr * grad_fn(logits)
    return weights_from_logits(logits)


def main():
    mu = jnp.array([0.06, 0.08, 0.03, 0.05]) / 12
    vol = jnp.array([0.15, 0.22, 0.05, 0.12]) / jnp.sqrt(12.0)
    corr = jnp.full((4, 4), 0.3) + 0.7 * jnp.eye(4)
    cov = corr * vol[:, None] * vol[None, :]
    w = rebalance(mu, cov, jnp.full(4, 0.25))
    print("new weights", w)


if __name__ == "__main__":
    main()
