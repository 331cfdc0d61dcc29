"""Deflection of a cantilever by minimising its potential energy with gradient descent."""

import jax
import jax.numpy as jnp

from fem.beam import Beam, total_energy


def deflection(beam, iters=300, lr=1e-6):
    w = jnp.zeros(beam.n)
    force = jax.jit(jax.grad(total_energy), static_argnums=1)
    for _ in range(iters):
        w = w - lr * force(w, beam)
    return w


def main():
    beam = Beam()
    w = deflection(beam)
    print("tip deflection", float(w[-1]))


if __name__ == "__main__":
    main()
