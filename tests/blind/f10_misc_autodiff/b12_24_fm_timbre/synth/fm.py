"""A two-operator FM voice."""
from typing import NamedTuple

import jax.numpy as jnp

SR = 8000


class Voice(NamedTuple):
    ratio: float          # modulator / carrier frequency, static
    log_index: object     # modulation index (log)
    log_decay: object     # index envelope decay rate (log, 1/s)


def render(voice, f0=220.0, n=4096):
    t = jnp.arange(n) / SR
    index = jnp.exp(voice.log_index) * jnp.exp(-jnp.exp(voice.log_decay) * t)
    mod = index * jnp.sin(2.0 * jnp.pi * voice.ratio * f0 * t)
    return jnp.sin(2.0 * jnp.pi * f0 * t + mod)
