"""Cooling tower: fit the approach temperature to a measured evaporation rate."""
import jax
import jax.numpy as jnp

from plant.steam import psat


def evaporation(t_water, humidity, k_mass):
    return k_mass * (psat(t_water) - humidity * psat(t_water - 8.0))


def loss(t_water, humidity, k_mass, measured):
    return jnp.mean((evaporation(t_water, humidity, k_mass) - measured) ** 2)


def main():
    t = jnp.array([305.0, 310.0, 315.0])
    for _ in range(5):
        t = t - 0.5 * jax.grad(loss)(t, 0.6, 0.3, jnp.array([1.2, 1.4, 1.7]))
    print(t)


if __name__ == "__main__":
    main()
