"""A -> B -> C consecutive reaction with reversible second step, RK4 integration."""
import jax
import jax.numpy as jnp


def rhs(c, rates):
    k1, k2, k_2 = rates
    a, b, cc = c
    return jnp.stack([-k1 * a, k1 * a - k2 * b + k_2 * cc, k2 * b - k_2 * cc])


def rk4_step(c, rates, dt):
    s1 = rhs(c, rates)
    s2 = rhs(c + 0.5 * dt * s1, rates)
    s3 = rhs(c + 0.5 * dt * s2, rates)
    s4 = rhs(c + dt * s3, rates)
    return c + dt / 6.0 * (s1 + 2 * s2 + 2 * s3 + s4)


def final_concentrations(rates, c0, t_end=5.0, n_steps=200):
    dt = t_end / n_steps
    c, _ = jax.lax.scan(lambda c, _: (rk4_step(c, rates, dt), None), c0, None, length=n_steps)
    return c
