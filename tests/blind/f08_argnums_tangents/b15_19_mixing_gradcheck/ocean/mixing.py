"""Richardson-number dependent vertical mixing of a temperature column."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class MixingParams(NamedTuple):
    kappa_background: jnp.ndarray
    kappa_shear: jnp.ndarray
    ri_crit: jnp.ndarray


def diffusivity(params, richardson):
    shear_factor = jnp.clip(1.0 - (richardson / params.ri_crit) ** 2, 0.0, 1.0) ** 3
    return params.kappa_background + params.kappa_shear * shear_factor


def mix(params, temperature, richardson, dz=2.0, dt=600.0, n_steps=48):
    kappa = diffusivity(params, richardson)

    def step(t, _):
        flux = -kappa * jnp.diff(t) / dz
        dt_dt = -jnp.diff(jnp.concatenate([jnp.zeros(1), flux, jnp.zeros(1)])) / dz
        return t + dt * dt_dt, None

    out, _ = jax.lax.scan(step, temperature, None, length=n_steps)
    return out


def mixed_layer_heat(params, temperature, richardson):
    return jnp.sum(mix(params, temperature, richardson)[:10])
