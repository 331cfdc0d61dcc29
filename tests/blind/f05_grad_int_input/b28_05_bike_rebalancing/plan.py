import jax.numpy as jnp

from config import cfg
from rebalance import cost, initial_fleet, step


def main():
    fleet = initial_fleet()
    print("start cost", cost(fleet))
    for i in range(cfg.steps):
        fleet = step(fleet)
    print("planned fleet per station:", jnp.round(fleet, 1))
    print("final cost", cost(fleet))
    return fleet


if __name__ == "__main__":
    main()
