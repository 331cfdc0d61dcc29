"""One-compartment pharmacokinetics with first-order absorption."""

import functools
from dataclasses import dataclass

import jax
import jax.numpy as jnp


@functools.partial(jax.tree_util.register_dataclass, data_fields=["log_ka", "log_ke", "log_v"], meta_fields=[])
@dataclass
class PKParams:
    log_ka: jax.Array
    log_ke: jax.Array
    log_v: jax.Array


def concentration(p, dose, t):
    ka, ke, v = jnp.exp(p.log_ka), jnp.exp(p.log_ke), jnp.exp(p.log_v)
    return dose * ka / (v * (ka - ke)) * (jnp.exp(-ke * t) - jnp.exp(-ka * t))
