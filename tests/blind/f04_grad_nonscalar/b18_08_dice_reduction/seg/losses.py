"""Loss base classes: subclasses compute per-example values, the base reduces them."""
import abc

import jax.numpy as jnp


class Loss(abc.ABC):
    def __init__(self, config):
        self.config = config

    @abc.abstractmethod
    def per_example(self, logits, masks):
        ...

    @property
    def reducer(self):
        return {"mean": jnp.mean, "sum": jnp.sum, "none": lambda v: v}[self.config.reduction]

    def __call__(self, logits, masks):
        return self.reducer(self.per_example(logits, masks))


class SoftDice(Loss):
    def per_example(self, logits, masks):
        p = 1.0 / (1.0 + jnp.exp(-logits))
        inter = jnp.sum(p * masks, axis=(1, 2))
        union = jnp.sum(p, axis=(1, 2)) + jnp.sum(masks, axis=(1, 2))
        return 1.0 - (2.0 * inter + self.config.smooth) / (union + self.config.smooth)
