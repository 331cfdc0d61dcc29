"""Choose a dosing regimen that keeps the concentration inside the therapeutic window."""
import jax
import jax.numpy as jnp

from pk import concentration_curve

WINDOW = (2.0, 6.0)


def standard_regimen():
    doses = jnp.array([200, 100, 100, 100])
    times = jnp.array([0.0, 12.0, 24.0, 36.0])
    return doses, times


def window_penalty(doses, times):
    conc = concentration_curve(doses, times)
    lo, hi = WINDOW
    below = jax.nn.relu(lo - conc)
    above = jax.nn.relu(conc - hi)
    return jnp.mean(below**2 + 4.0 * above**2)


def main():
    doses, times = standard_regimen()
    penalty_grad = jax.jit(jax.grad(window_penalty))
    for _ in range(20):
        doses = doses - 50.0 * penalty_grad(doses, times)
    print("doses (mg)", doses)


if __name__ == "__main__":
    main()
