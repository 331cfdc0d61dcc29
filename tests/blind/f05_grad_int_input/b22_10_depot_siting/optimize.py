"""Place depots to minimise the demand-weighted delivery distance."""

import jax

from cost import delivery_cost
from sites import customers, initial_depots


@jax.jit
def descend(depots, customers_xy, demand, lr=2.0):
    cost, g = jax.value_and_grad(delivery_cost)(depots, customers_xy, demand)
    return depots - lr * g, cost


def main(n_depots=5, iters=60):
    xy, demand = customers(jax.random.key(7))
    depots = initial_depots(jax.random.key(8), n_depots)
    for _ in range(iters):
        depots, cost = descend(depots, xy, demand)
    print("mean distance (km)", cost)
    return cost


if __name__ == "__main__":
    main()
