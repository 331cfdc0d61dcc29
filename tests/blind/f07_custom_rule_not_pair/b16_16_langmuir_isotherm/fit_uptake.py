"""Fit a single-site Langmuir model to CO2 uptake on a zeolite at 298 K."""
import jax
import jax.numpy as jnp

from isotherm import coverage

PRESSURE = jnp.array([0.05, 0.1, 0.2, 0.4, 0.6, 0.8, 1.0])   # bar


def uptake(params, pressure):
    q_max, log_b = params
    return q_max * coverage(jnp.exp(log_b), pressure)


def sq_error(params, pressure, measured):
    return jnp.sum((uptake(params, pressure) - measured) ** 2)


def fit(n_iter=300, lr=0.05):
    measured = jnp.array([1.05, 1.71, 2.48, 3.18, 3.52, 3.71, 3.85])   # mmol/g
    params = (jnp.float32(3.0), jnp.float32(0.0))
    step = jax.jit(jax.grad(sq_error))
    for _ in range(n_iter):
        g = step(params, PRESSURE, measured)
        params = tuple(p - lr * gi for p, gi in zip(params, g))
    return params


def main():
    q_max, log_b = fit()
    print(f"q_max {float(q_max):.2f} mmol/g, b {float(jnp.exp(log_b)):.2f} 1/bar")


if __name__ == "__main__":
    main()
