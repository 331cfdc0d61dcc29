"""Mixed-precision helpers: half-precision compute and dynamic loss scaling."""

from typing import NamedTuple

import jax
import jax.numpy as jnp


class LossScale(NamedTuple):
    scale: jax.Array
    good_steps: jax.Array

    @classmethod
    def create(cls, initial=2.0**15):
        return cls(scale=jnp.full((1,), initial, jnp.float32), good_steps=jnp.zeros((), jnp.int32))

    def scale_loss(self, loss):
        return loss * self.scale

    def unscale(self, grads):
        return jax.tree.map(lambda g: g.astype(jnp.float32) / self.scale, grads)

    def adjust(self, grads_finite, period=200):
        good = jnp.where(grads_finite, self.good_steps + 1, 0)
        grow = good >= period
        scale = jnp.where(grads_finite, jnp.where(grow, self.scale * 2.0, self.scale), self.scale / 2.0)
        return LossScale(scale=scale, good_steps=jnp.where(grow, 0, good))


def cast_to_compute(params, dtype=jnp.bfloat16):
    return jax.tree.map(lambda p: p.astype(dtype), params)


def all_finite(tree):
    return jnp.all(jnp.stack([jnp.all(jnp.isfinite(x)) for x in jax.tree.leaves(tree)]))
