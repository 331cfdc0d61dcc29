"""A bank of thermocouple channels with per-channel gain and offset."""

from __future__ import annotations

from dataclasses import dataclass, field

import jax
import jax.numpy as jnp

from calib.csvio import read_table


@jax.tree_util.register_dataclass
@dataclass
class SensorBank:
    gain: jax.Array       # (n_channels,) degC per mV
    offset: jax.Array     # (n_channels,) degC
    channels: tuple = field(default=(), metadata=dict(static=True))

    @classmethod
    def from_csv(cls, text: str) -> "SensorBank":
        rows = read_table(text)
        gain = jnp.array([r["gain"] for r in rows])
        offset = jnp.array([r["offset"] for r in rows])
        return cls(gain=gain, offset=offset, channels=tuple(r["channel"] for r in rows))

    def read(self, millivolts):
        return self.gain * millivolts + self.offset
