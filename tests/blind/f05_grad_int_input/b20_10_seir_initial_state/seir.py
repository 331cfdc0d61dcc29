"""SEIR compartmental model integrated with classical RK4."""
import jax
import jax.numpy as jnp


def seir_rhs(y, rates, population):
    s, e, i, r = y
    infection = rates["beta"] * s * i / population
    return jnp.stack([-infection,
                      infection - rates["sigma"] * e,
                      rates["sigma"] * e - rates["gamma"] * i,
                      rates["gamma"] * i])


def rk4(f, dt):
    def step(y, _):
        k1 = f(y)
        k2 = f(y + 0.5 * dt * k1)
        k3 = f(y + 0.5 * dt * k2)
        k4 = f(y + dt * k3)
        y = y + dt / 6.0 * (k1 + 2 * k2 + 2 * k3 + k4)
        return y, y
    return step


def trajectory(y0, rates, scenario):
    population = scenario["population"]
    step = rk4(lambda y: seir_rhs(y, rates, population), scenario["dt"])
    n = int(scenario["days"] / scenario["dt"])
    _, ys = jax.lax.scan(step, y0, None, length=n)
    return ys


def peak_infectious(y0, rates, scenario):
    return jnp.max(trajectory(y0, rates, scenario)[:, 2])
