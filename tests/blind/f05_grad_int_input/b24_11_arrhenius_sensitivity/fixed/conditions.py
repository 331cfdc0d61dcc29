"""Isothermal batch runs of the esterification campaign."""
import jax.numpy as jnp

R_GAS = 8.314  # J / (mol K)

TEMPERATURES_K = jnp.array([298.0, 308.0, 318.0, 328.0, 338.0])
RESIDENCE_MIN = 45.0

# literature starting values: pre-exponential factor (1/min) and activation energy (J/mol)
LOG_A = jnp.log(2.4e7)
EA = 58_000.0
