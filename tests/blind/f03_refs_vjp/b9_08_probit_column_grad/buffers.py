"""Parameter and gradient buffers for Ref-based training loops."""
import jax
import jax.numpy as jnp


def parameter(shape):
    return jax.new_ref(jnp.zeros(shape))


def gradient_buffer_for(x_batch):
    # One gradient slot per input feature.
    return jax.new_ref(jnp.zeros_like(x_batch[0]))
