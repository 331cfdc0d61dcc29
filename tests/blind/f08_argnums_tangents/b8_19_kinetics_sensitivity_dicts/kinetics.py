"""A -> B -> C consecutive first-order reactions, integrated with RK4 in a fori_loop."""
import jax.numpy as jnp
from jax import lax

RATES = {"k1": jnp.array(0.8), "k2": jnp.array(0.3)}


def rhs(c, rates):
    a, b, _ = c
    r1, r2 = rates["k1"] * a, rates["k2"] * b
    return jnp.stack([-r1, r1 - r2, r2])


def concentrations(rates, c0=jnp.array([1.0, 0.0, 0.0]), t_end=5.0, n=100):
    h = t_end / n

    def rk4(_, c):
        s1 = rhs(c, rates)
        s2 = rhs(c + 0.5 * h * s1, rates)
        s3 = rhs(c + 0.5 * h * s2, rates)
        s4 = rhs(c + h * s3, rates)
        return c + h / 6.0 * (s1 + 2 * s2 + 2 * s3 + s4)

    return lax.fori_loop(0, n, rk4, c0)
