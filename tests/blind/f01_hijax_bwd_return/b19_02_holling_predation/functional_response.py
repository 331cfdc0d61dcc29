"""Holling type II functional response as a primitive with its own backward rule."""

import jax
import jax.numpy as jnp
from jax.experimental.hijax import HiPrim

from diagnostics import BackwardStatsMixin


class HollingII(BackwardStatsMixin, HiPrim):
    stat_names = ("saturation",)

    def __init__(self, prey_aval, attack_aval, handling_time):
        self.in_avals = (prey_aval, attack_aval)
        self.out_aval = prey_aval
        self.params = {"handling_time": handling_time}
        super().__init__()

    def expand(self, prey, attack):
        return attack * prey / (1.0 + attack * self.handling_time * prey)

    def vjp_fwd(self, nzs_in, prey, attack):
        denom = 1.0 + attack * self.handling_time * prey
        return attack * prey / denom, (prey, attack, denom)

    def vjp_bwd(self, res, g, prey_acc, attack_acc):
        prey, attack, denom = res
        prey_acc.accum(g * attack / denom**2)
        attack_acc.accum(g * prey / denom**2)
        saturation = 1.0 - 1.0 / denom
        return self.collect(saturation=saturation)


def holling_ii(prey, attack, handling_time=0.1):
    return HollingII(jax.typeof(prey), jax.typeof(attack), handling_time)(prey, attack)
