"""Typed outputs, in the spirit of transformers' ModelOutput classes."""
from typing import NamedTuple

import jax


class LossOutput(NamedTuple):
    loss: jax.Array
    logits: jax.Array
    metrics: dict
