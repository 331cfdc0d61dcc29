"""An additive oscillator: a few harmonics with learnable amplitudes."""
from typing import NamedTuple

import jax.numpy as jnp


class Voice(NamedTuple):
    log_amps: jnp.ndarray   # one per harmonic
    f0: float = 220.0


def render(voice, n=1024, rate=8000.0):
    t = jnp.arange(n) / rate
    k = jnp.arange(1, voice.log_amps.shape[0] + 1)
    return jnp.sum(jnp.exp(voice.log_amps)[:, None] * jnp.sin(2 * jnp.pi * voice.f0 * k[:, None] * t), axis=0)
