"""Check the stability of an IIR filter by locating the poles of its transfer function."""
import jax.numpy as jnp

from poles.guesses import ring_guesses
from poles.newton import polish_roots


def denominator():
    true_poles = jnp.array([0.5 + 0.4j, 0.5 - 0.4j, -0.3 + 0.6j, -0.3 - 0.6j, 0.8 + 0j])
    return jnp.poly(true_poles).astype(jnp.complex64)


def main():
    a = denominator()
    poles = polish_roots(a, ring_guesses(a.shape[0] - 1))
    radius = jnp.abs(poles)
    print("poles:", poles)
    print("stable:", bool(jnp.all(radius < 1.0)), "max radius:", float(radius.max()))
    return poles


if __name__ == "__main__":
    main()
