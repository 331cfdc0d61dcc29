"""One-compartment model with first-order absorption, integrated with RK4."""

import dataclasses

import jax
import jax.numpy as jnp


@jax.tree_util.register_dataclass
@dataclasses.dataclass
class Rates:
    ka: jax.Array
    ke: jax.Array
    volume: jax.Array

    @classmethod
    def from_config(cls, cfg):
        return cls(**{name: jnp.asarray(value) for name, value in cfg.items()})


def _rhs(state, rates):
    gut, central = state
    absorbed = rates.ka * gut
    return jnp.stack([-absorbed, absorbed - rates.ke * central])


def _rk4(state, rates, dt):
    k1 = _rhs(state, rates)
    k2 = _rhs(state + 0.5 * dt * k1, rates)
    k3 = _rhs(state + 0.5 * dt * k2, rates)
    k4 = _rhs(state + dt * k3, rates)
    return state + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)


def concentrations(rates, dose, t_end=24.0, n_steps=480):
    dt = t_end / n_steps

    def body(state, _):
        state = _rk4(state, rates, dt)
        return state, state[1] / rates.volume

    _, conc = jax.lax.scan(body, jnp.array([dose, 0.0]), None, length=n_steps)
    return jnp.concatenate([jnp.zeros(1), conc]), jnp.linspace(0.0, t_end, n_steps + 1)
