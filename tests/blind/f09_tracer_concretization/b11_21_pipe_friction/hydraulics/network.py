"""Head loss along pipes in series (Darcy-Weisbach)."""

from typing import NamedTuple

import jax.numpy as jnp

from hydraulics.friction import colebrook

G, NU = 9.81, 1.0e-6  # gravity, kinematic viscosity of water


class Pipes(NamedTuple):
    length: jnp.ndarray  # m
    roughness: jnp.ndarray  # m


def head_loss(diameter, pipes, flow):
    area = jnp.pi * diameter**2 / 4.0
    v = flow / area
    f = colebrook(v * diameter / NU, pipes.roughness / diameter)
    return jnp.sum(f * pipes.length / diameter * v**2 / (2.0 * G))
