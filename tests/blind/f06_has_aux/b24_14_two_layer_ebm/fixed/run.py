"""Calibrate feedback, ocean heat uptake and heat capacities on a synthetic record."""
import jax
import jax.numpy as jnp

from ebm import simulate
from objectives import make_objective
from optim import gradient_descent

N_YEARS = 150
PRIOR_MEAN = jnp.log(jnp.array([1.2, 0.7, 8.0, 100.0]))
PRIOR_SD = jnp.array([0.5, 0.5, 0.5, 0.5])


def scenario(key):
    years = jnp.arange(N_YEARS, dtype=jnp.float32)
    forcing = 0.03 * years + 0.3 * jnp.sin(years / 11.0 * 2 * jnp.pi)
    true_theta = jnp.log(jnp.array([1.3, 0.6, 7.5, 110.0]))
    observed = simulate(true_theta, forcing) + 0.08 * jax.random.normal(key, (N_YEARS,))
    return forcing, observed


def calibrate(seed=0, steps=300):
    forcing, observed = scenario(jax.random.key(seed))
    objective = make_objective(forcing, observed, PRIOR_MEAN, PRIOR_SD)
    start = objective(PRIOR_MEAN)[0]
    theta, value, components = gradient_descent(objective, PRIOR_MEAN, lr=0.05, steps=steps,
                                                 has_aux=True)
    return start, value, theta, components


def main():
    start, value, theta, components = calibrate()
    lam, gamma, c, c_deep = jnp.exp(theta)
    print(f"objective {start:.4f} -> {value:.4f}")
    print(f"lambda={lam:.2f} gamma={gamma:.2f} C={c:.1f} C_deep={c_deep:.0f}", components)


if __name__ == "__main__":
    main()
