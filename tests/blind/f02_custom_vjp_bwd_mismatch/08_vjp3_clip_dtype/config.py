"""Project-wide JAX settings (imported first by every entry point)."""

import jax

# The new custom_vjp implementation is needed for the rematerialisation rules we use.
jax.config.update("jax_custom_vjp3", True)
