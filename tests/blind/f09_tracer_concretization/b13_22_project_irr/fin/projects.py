"""A capital budget split across projects whose cash flows scale with funding."""

import jax.numpy as jnp

from fin.irr import irr

# Upfront cost per unit of funding, then yearly returns per unit of funding.
PROJECTS = jnp.array([
    [-1.0, 0.30, 0.35, 0.40, 0.20],
    [-1.0, 0.05, 0.15, 0.45, 0.70],
    [-1.0, 0.50, 0.40, 0.20, 0.05],
])
FIXED_COST = jnp.array([-0.4, 0.0, 0.0, 0.0, 0.0])


def budget_cashflows(shares, budget=10.0):
    return budget * shares @ PROJECTS + FIXED_COST


def budget_irr(logits):
    shares = jnp.exp(logits) / jnp.sum(jnp.exp(logits))
    return irr(budget_cashflows(shares))
