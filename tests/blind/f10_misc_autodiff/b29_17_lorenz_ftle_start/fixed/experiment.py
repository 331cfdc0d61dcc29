"""Settings of the finite-time Lyapunov exponent study (same numbers as the MATLAB runs)."""
import jax.numpy as jnp

SETTINGS = {
    "sigma": 10.0,
    "rho": 28.0,
    "beta": 8.0 / 3.0,
    "dt": 0.01,
    "horizons": (50, 100, 200),
    "x0": jnp.array([1.0, 1.0, 1.0]),
}
