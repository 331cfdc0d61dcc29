"""Terms of the beam's total potential energy, registered by name."""

import jax.numpy as jnp

ENERGY_TERMS = {}


def energy_term(name):
    def register(fn):
        ENERGY_TERMS[name] = fn
        return fn

    return register


def curvature(w, h):
    # clamped root: w_0 = 0 and slope 0 via a ghost node equal to w_1
    padded = jnp.concatenate([w[1:2], jnp.zeros(1), w])
    return (padded[2:] - 2.0 * padded[1:-1] + padded[:-2]) / h**2


@energy_term("bending")
def bending_energy(w, beam):
    kappa = curvature(w, beam.h)
    return 0.5 * beam.ei * beam.h * jnp.sum(kappa**2)


@energy_term("load")
def load_potential(w, beam):
    return -beam.h * beam.load * w


@energy_term("tip_spring")
def tip_spring(w, beam):
    return 0.5 * beam.k_tip * w[-1] ** 2
