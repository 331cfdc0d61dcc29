"""Newsvendor planning: per-store order quantities against sampled demand."""

import jax
import jax.numpy as jnp

from prims import smooth_fill

PRICE, COST, SALVAGE = 12.0, 7.0, 2.0


def expected_profit(log_orders, scenarios):
    orders = jnp.exp(log_orders)
    stock = jnp.broadcast_to(orders, scenarios.shape)
    sold = smooth_fill(scenarios, stock, tau=2.0)
    leftover = stock - sold
    profit = PRICE * sold + SALVAGE * leftover - COST * stock
    return jnp.mean(profit)


@jax.jit
def step(log_orders, scenarios, lr=0.002):
    loss, g = jax.value_and_grad(lambda q: -expected_profit(q, scenarios))(log_orders)
    return log_orders - lr * g, loss


def sample_demand(key, n_scenarios=64, n_stores=6):
    mean = jnp.linspace(15.0, 40.0, n_stores)
    return mean * jnp.exp(0.3 * jax.random.normal(key, (n_scenarios, n_stores)))


def main():
    scenarios = sample_demand(jax.random.key(0))
    log_orders = jnp.log(jnp.full((scenarios.shape[1],), 20.0))
    for _ in range(20):
        log_orders, loss = step(log_orders, scenarios)
    print("orders", jnp.exp(log_orders), "expected profit", -loss)
    return log_orders


if __name__ == "__main__":
    main()
