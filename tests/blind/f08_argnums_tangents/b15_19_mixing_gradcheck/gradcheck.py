"""Check forward-mode derivatives of the mixing scheme against finite differences."""
import jax
import jax.numpy as jnp

from ocean.directions import random_direction
from ocean.mixing import MixingParams, mixed_layer_heat

PARAMS = MixingParams(jnp.float32(1e-5), jnp.float32(5e-3), jnp.float32(0.25))


def column():
    z = jnp.arange(40) * 2.0
    temperature = 20.0 - 8.0 / (1.0 + jnp.exp(-(z - 30.0) / 5.0))
    richardson = 0.05 + 0.01 * (z[:-1] + 1.0)  # at the interfaces
    return temperature, richardson


def check(eps=1e-2, n_dirs=3):
    temperature, richardson = column()
    f = lambda p: mixed_layer_heat(p, temperature, richardson)
    report = []
    for key in jax.random.split(jax.random.key(0), n_dirs):
        direction = random_direction(key, PARAMS)
        _, forward = jax.jvp(f, (PARAMS,), (direction,))
        plus = jax.tree.map(lambda p, d: p + eps * d, PARAMS, direction)
        minus = jax.tree.map(lambda p, d: p - eps * d, PARAMS, direction)
        central = (f(plus) - f(minus)) / (2 * eps)
        report.append((float(forward), float(central)))
    return report


def main():
    for forward, central in check():
        print(f"jvp {forward: .5f}   finite difference {central: .5f}")


if __name__ == "__main__":
    main()
