"""Gradient descent on the split of a fixed demand across the pumps."""
import jax
import jax.numpy as jnp

from pumps.station import Station, split


def dispatch(demand=90.0, steps=50, lr=0.05):
    station = Station()
    cost = lambda logits: station.electrical_power(split(logits, demand))
    logits = jnp.zeros(len(station.heads))
    for _ in range(steps):
        logits = logits - lr * jax.grad(cost)(logits)
    return split(logits, demand), cost(logits)


def main():
    flows, kw = dispatch()
    print("flows", flows, "power kW", float(kw))


if __name__ == "__main__":
    main()
