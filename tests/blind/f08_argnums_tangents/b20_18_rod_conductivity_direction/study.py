"""Directional sensitivity of the rod's peak temperature to a local change in conductivity."""
import functools

import jax
import jax.numpy as jnp

from heat import peak_temperature
from mesh import Mesh, smooth_bump


def directional_derivative(f, k, direction):
    _, d = jax.jvp(f, (k,), (direction,))
    return d


def main():
    mesh = Mesh()
    k = 1.0 + 0.5 * jnp.sin(jnp.pi * mesh.centers)  # W/m/K
    f = functools.partial(peak_temperature, mesh=mesh)
    results = {}
    for center in (0.25, 0.5, 0.75):
        direction = smooth_bump(mesh, center=center)
        results[center] = float(directional_derivative(f, k, direction))
    print({c: round(v, 3) for c, v in results.items()})
    return results


if __name__ == "__main__":
    main()
