"""Harvest policy for a logistic fish stock whose carrying capacity drifts by season."""
import jax
import jax.numpy as jnp

from autodiff import value_and_first_grad

GROWTH = 0.6
YEARS = 15


def negative_yield(harvest, capacity, b0=0.4):
    def year(b, h):
        catch = h * b
        b = b + GROWTH * b * (1.0 - b / capacity[...]) - catch
        return b, catch

    _, catches = jax.lax.scan(year, b0, harvest)
    return -jnp.sum(catches)


class Fishery:
    def __init__(self, capacity=1.0):
        self.capacity_ref = jax.new_ref(jnp.asarray(capacity))

    def new_season(self, factor):
        self.capacity_ref[...] = self.capacity_ref[...] * factor

    def improve(self, harvest, lr=0.05):
        loss, g = value_and_first_grad(negative_yield, harvest, self.capacity_ref)
        return jnp.clip(harvest - lr * g, 0.0, 1.0), -loss


def main():
    fishery = Fishery()
    harvest = jnp.full((YEARS,), 0.2)
    for factor in (1.0, 0.95, 1.05):
        fishery.new_season(factor)
        harvest, total = fishery.improve(harvest)
    print("total catch", total)


if __name__ == "__main__":
    main()
