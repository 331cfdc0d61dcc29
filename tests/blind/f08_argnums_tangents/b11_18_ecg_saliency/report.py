"""Saliency maps for premature ventricular contractions in a synthetic batch."""

import jax
import jax.numpy as jnp

from ecg.explain import saliency
from ecg.net import init


def synthetic_beats(key, n=6, samples=120):
    t = jnp.linspace(-1.0, 1.0, samples)
    width = jax.random.uniform(key, (n, 1), minval=0.02, maxval=0.1)
    return jnp.exp(-(t**2) / width) - 0.2 * jnp.exp(-((t - 0.4) ** 2) / 0.02)


def main():
    params = init(jax.random.key(0))
    beats = synthetic_beats(jax.random.key(1))
    maps = saliency(params, beats, "pvc")
    print("peak saliency sample per beat", jnp.argmax(maps, axis=1))


if __name__ == "__main__":
    main()
