import jax
import jax.numpy as jnp

from inventory import InventorySimulator


def demand_history(T=26, n_stores=4, seed=0):
    key = jax.random.key(seed)
    base = jnp.array([20.0, 35.0, 12.0, 50.0])[:n_stores]
    return base * jnp.exp(0.3 * jax.random.normal(key, (T, n_stores)))


def optimise(sim, iters=40, lr=0.05):
    levels = jnp.full(sim.demand.shape[1], 10.0)
    step = jax.jit(jax.value_and_grad(sim.profit))
    for _ in range(iters):
        profit, g = step(levels)
        levels = levels + lr * g
    return levels, profit


def main():
    sim = InventorySimulator(demand_history())
    levels, profit = optimise(sim)
    print("order-up-to levels", levels, "profit", float(profit))


if __name__ == "__main__":
    main()
