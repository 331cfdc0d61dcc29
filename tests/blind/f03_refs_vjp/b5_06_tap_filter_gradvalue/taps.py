"""A smoothing filter whose kernel taps live in a Ref and are refit online."""

import jax
import jax.numpy as jnp


class TapFilter:
    def __init__(self, n_taps: int):
        self.taps = jax.new_ref(jnp.full((n_taps,), 1.0 / n_taps))
        self.offset = jnp.zeros(())

    def __call__(self, taps_ref, offset, window: jax.Array) -> jax.Array:
        return window @ taps_ref[...] + offset


def sliding_windows(signal: jax.Array, n_taps: int) -> jax.Array:
    idx = jnp.arange(signal.shape[0] - n_taps)[:, None] + jnp.arange(n_taps)[None, :]
    return signal[idx]
