"""Fit a predator's attack rate to a lynx-hare style time series."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
from jax import lax

from functional_response import holling_ii


class Rates(NamedTuple):
    prey_growth: float = 0.8
    conversion: float = 0.3
    predator_death: float = 0.4
    dt: float = 0.05


def simulate(log_attack, state0, rates, n_steps):
    attack = jnp.exp(log_attack)

    def step(state, _):
        prey, pred = state
        eaten = holling_ii(prey, attack) * pred
        prey = prey + rates.dt * (rates.prey_growth * prey - eaten)
        pred = pred + rates.dt * (rates.conversion * eaten - rates.predator_death * pred)
        return (prey, pred), prey

    _, prey_path = lax.scan(step, state0, None, length=n_steps)
    return prey_path


def misfit(log_attack, state0, observed, rates):
    path = simulate(log_attack, state0, rates, observed.shape[0])
    return jnp.mean((jnp.log(path) - jnp.log(observed)) ** 2)


def main():
    rates = Rates()
    state0 = (jnp.float32(3.0), jnp.float32(1.0))
    observed = simulate(jnp.log(0.9), state0, rates, 60)
    log_attack = jnp.log(jnp.float32(0.5))
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(10):
        log_attack = log_attack - 0.5 * grad_fn(log_attack, state0, observed, rates)
    print("attack rate:", float(jnp.exp(log_attack)))
    return float(jnp.exp(log_attack))


if __name__ == "__main__":
    main()
