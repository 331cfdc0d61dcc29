"""Population at t_end, and its sensitivity to the growth rate."""
import jax
import jax.numpy as jnp

from integrator import midpoint_step

T_END = 1.05
DT = 0.1


def population_at_end(rate, y0=10.0, capacity=100.0):
    y, t = jnp.asarray(y0), jnp.asarray(0.0)
    for _ in range(11):
        y, t = midpoint_step(y, t, DT, T_END, rate, capacity)
    return y


def main():
    rate = jnp.array(1.5)
    y_end = population_at_end(rate)
    dy_drate = jax.grad(population_at_end)(rate)
    print("population", float(y_end), "sensitivity", float(dy_drate))
    return y_end, dy_drate


if __name__ == "__main__":
    main()
