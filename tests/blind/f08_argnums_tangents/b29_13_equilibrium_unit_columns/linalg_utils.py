"""Small linear-algebra helpers kept from the MATLAB prototype."""
import jax.numpy as jnp


def unit_vector(n, i, dtype=jnp.float32):
    """e_i = zeros(n, 1); e_i(i) = 1 (0-based i here)."""
    e = jnp.zeros((n, 1), dtype=dtype)
    return e.at[i, 0].set(1.0)


def columns_to_matrix(cols):
    return jnp.stack(cols, axis=1)
