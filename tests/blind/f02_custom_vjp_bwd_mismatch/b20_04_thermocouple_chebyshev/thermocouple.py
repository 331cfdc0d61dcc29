"""Type K thermocouple: fit EMF(T) as a Chebyshev series on [0, 500] C."""
import jax
import jax.numpy as jnp

from series import chebval

T_LO, T_HI = 0.0, 500.0
N_TERMS = 6


def scaled(temp_c):
    return (2.0 * temp_c - (T_HI + T_LO)) / (T_HI - T_LO)


def emf_mv(coeffs, temp_c):
    return chebval(scaled(temp_c), *coeffs)


def reference_emf(temp_c):
    """Rough reference curve (mV) standing in for the calibration bath readings."""
    return 0.0395 * temp_c + 2.0e-6 * temp_c ** 2 - 1.5e-9 * temp_c ** 3


def fit_loss(coeffs, temp_c, emf_obs):
    return jnp.mean((emf_mv(coeffs, temp_c) - emf_obs) ** 2)


def main():
    temp_c = jnp.linspace(T_LO, T_HI, 40)
    emf_obs = reference_emf(temp_c)
    coeffs = jnp.zeros(N_TERMS)
    grad_fn = jax.jit(jax.grad(fit_loss))
    for _ in range(400):
        coeffs = coeffs - 0.4 * grad_fn(coeffs, temp_c, emf_obs)
    err = jnp.max(jnp.abs(emf_mv(coeffs, temp_c) - emf_obs))
    print(f"max |error| = {float(err):.4f} mV")
    return float(err)


if __name__ == "__main__":
    main()
