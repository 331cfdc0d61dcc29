"""Fit the holding potentials of a voltage-clamp protocol to target conductances."""
import jax
import jax.numpy as jnp

from channels.gates import open_probability

G_MAX = 36.0
E_REV = -77.0


def current(v):
    return G_MAX * open_probability(v) ** 4 * (v - E_REV)


def misfit(v, target):
    return jnp.mean((current(v) - target) ** 2)


def main():
    v = jnp.linspace(-80.0, 20.0, 12)
    target = jnp.linspace(0.0, 800.0, 12)
    grad_fn = jax.jit(jax.grad(misfit))
    for _ in range(3):
        v = v - 1e-5 * grad_fn(v, target)
    print("holding potentials", v)


if __name__ == "__main__":
    main()
