"""Periodic-review inventory of perishable stock across several stores."""
from dataclasses import dataclass

import jax.numpy as jnp

from primitives import softmin


@dataclass(frozen=True)
class Costs:
    price: float = 5.0
    unit_cost: float = 2.0
    holding: float = 0.1
    spoilage: float = 0.2


class InventorySimulator:
    def __init__(self, demand, costs=Costs()):
        self.demand = demand           # (T, n_stores)
        self.costs = costs

    def profit(self, order_up_to):
        c = self.costs
        stock = jnp.zeros(self.demand.shape[1])
        total = 0.0
        for t in range(self.demand.shape[0]):
            order = jnp.maximum(order_up_to - stock, 0.0)
            stock = stock + order
            sold = softmin(stock, self.demand[t], tau=0.5)
            stock = (1.0 - c.spoilage) * (stock - sold)
            total = total + jnp.sum(c.price * sold - c.unit_cost * order - c.holding * stock)
        return total
