"""Initialisers for a learnable tone curve sampled at evenly spaced 8-bit levels."""

import jax.numpy as jnp

N_KNOTS = 9
STEP = 256 // (N_KNOTS - 1)

CURVE_INITS = {}


def curve_init(name):
    def deco(fn):
        CURVE_INITS[name] = fn
        return fn
    return deco


@curve_init("identity")
def identity_curve():
    return jnp.arange(0, 256 + STEP, STEP, dtype=jnp.float32)


@curve_init("gamma")
def gamma_curve(gamma=2.2):
    levels = jnp.linspace(0.0, 256.0, N_KNOTS)
    return 256.0 * (levels / 256.0) ** (1.0 / gamma)


def knot_positions():
    return jnp.linspace(0.0, 256.0, N_KNOTS)


def apply_curve(curve, pixels):
    return jnp.interp(pixels, knot_positions(), curve)
