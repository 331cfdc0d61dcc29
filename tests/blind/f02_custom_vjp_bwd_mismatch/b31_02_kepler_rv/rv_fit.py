"""Fit a Keplerian orbit to radial-velocity measurements of a star."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from kepler import eccentric_anomaly, true_anomaly


class Orbit(NamedTuple):
    K: jnp.ndarray       # semi-amplitude [m/s]
    ecc: jnp.ndarray     # eccentricity
    omega: jnp.ndarray   # argument of periastron [rad]
    phase: jnp.ndarray   # mean anomaly at t=0 [rad]


PERIOD = 4.23  # days, held fixed


def radial_velocity(orbit, t):
    M = 2.0 * jnp.pi * t / PERIOD + orbit.phase
    E = eccentric_anomaly(jnp.mod(M, 2.0 * jnp.pi), orbit.ecc)
    nu = true_anomaly(E, orbit.ecc)
    return orbit.K * (jnp.cos(nu + orbit.omega) + orbit.ecc * jnp.cos(orbit.omega))


def chi2(orbit, t, rv, sigma):
    r = (radial_velocity(orbit, t) - rv) / sigma
    return jnp.sum(r * r)


@jax.jit
def gd_step(orbit, t, rv, sigma, lr=1e-4):
    loss, g = jax.value_and_grad(chi2)(orbit, t, rv, sigma)
    orbit = jax.tree.map(lambda p, d: p - lr * d, orbit, g)
    return orbit._replace(ecc=jnp.clip(orbit.ecc, 0.0, 0.95)), loss


def synthetic_data(n=24):
    t = jnp.linspace(0.0, 3.0 * PERIOD, n)
    truth = Orbit(jnp.array(55.0), jnp.array(0.3), jnp.array(1.1), jnp.array(0.4))
    rv = radial_velocity(truth, t) + 2.0 * jnp.sin(7.0 * t)
    return t, rv, jnp.full_like(t, 3.0)


def main():
    t, rv, sigma = synthetic_data()
    orbit = Orbit(jnp.array(50.0), jnp.array(0.2), jnp.array(1.0), jnp.array(0.5))
    for step in range(50):
        orbit, loss = gd_step(orbit, t, rv, sigma)
    print(f"chi2 = {float(loss):.2f}, e = {float(orbit.ecc):.3f}")
    return loss


if __name__ == "__main__":
    main()
