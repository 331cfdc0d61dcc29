"""Fit eccentricities of a few binary stars to their radial-velocity curves."""
import jax
import jax.numpy as jnp

from kepler import radial_velocity

PERIOD = jnp.array([3.2, 7.5, 11.0])
OMEGA = jnp.array([0.3, 1.1, 2.0])
K = jnp.array([12.0, 25.0, 8.0])


def misfit(logit_e, t, rv_obs):
    ecc = 0.9 * jax.nn.sigmoid(logit_e)
    return jnp.mean((radial_velocity(t, PERIOD, ecc, OMEGA, K) - rv_obs) ** 2)


def main():
    t = jnp.linspace(0.0, 20.0, 40)
    rv_obs = radial_velocity(t, PERIOD, jnp.array([0.1, 0.4, 0.25]), OMEGA, K)
    logit_e = jnp.zeros(3)
    step = jax.jit(jax.value_and_grad(misfit))
    for _ in range(50):
        value, g = step(logit_e, t, rv_obs)
        logit_e = logit_e - 0.05 * g
    print("misfit", float(value), "ecc", 0.9 * jax.nn.sigmoid(logit_e))


if __name__ == "__main__":
    main()
