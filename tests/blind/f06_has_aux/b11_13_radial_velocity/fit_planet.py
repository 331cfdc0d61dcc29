"""Fit a hot Jupiter's RV semi-amplitude from 40 noisy epochs."""

import jax
import jax.numpy as jnp

from rv.fitter import Fitter
from rv.model import CircularOrbit


def observations(key, n=40):
    kt, kn = jax.random.split(key)
    t = jnp.sort(jax.random.uniform(kt, (n,), maxval=30.0))
    sigma = jnp.full(n, 4.0)
    rv = 3.0 + 55.0 * jnp.sin(2 * jnp.pi * t / 3.52 + 0.7) + 5.0 * jax.random.normal(kn, (n,))
    return t, rv, sigma


def run(steps=200):
    t, rv, sigma = observations(jax.random.key(2))
    init = {"gamma": jnp.array(0.0), "log_k": jnp.log(40.0), "phi": jnp.array(0.5),
            "log_jitter": jnp.array(0.0)}
    return Fitter(CircularOrbit(3.52), steps=steps).fit(init, t, rv, sigma)


def main():
    params, aux = run()
    print("K =", float(jnp.exp(params["log_k"])), "m/s")


if __name__ == "__main__":
    main()
