"""Recover the strengths of three heaters from temperature readings along the rod."""

import jax
import jax.numpy as jnp

from heat import Rod

CENTERS = jnp.array([0.25, 0.5, 0.8])


def misfit(amplitudes, rod, readings, sensor_idx):
    temp = rod.temperature(rod.gaussian_sources(amplitudes, CENTERS))
    return jnp.mean((temp[sensor_idx] - readings) ** 2)


def main():
    rod = Rod()
    sensor_idx = jnp.arange(4, 64, 6)
    true_amplitudes = jnp.array([5.0, 2.0, 8.0])
    readings = rod.temperature(rod.gaussian_sources(true_amplitudes, CENTERS))[sensor_idx]
    amplitudes = jnp.ones(3)
    grad_fn = jax.jit(jax.value_and_grad(misfit), static_argnums=1)
    for _ in range(100):
        loss, g = grad_fn(amplitudes, rod, readings, sensor_idx)
        amplitudes = amplitudes - 500.0 * g
    print("amplitudes", amplitudes, "misfit", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
