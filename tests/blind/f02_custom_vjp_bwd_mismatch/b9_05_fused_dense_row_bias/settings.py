"""Process-wide JAX settings for the experiment."""
import jax

jax.config.update("jax_custom_vjp3", True)

HIDDEN = 16
N_FEATURES = 5
