"""A polynomial approximation of GELU for low-precision inference kernels."""
import numpy as np
import jax
import jax.numpy as jnp

# least-squares fit of GELU on [-3, 3], highest degree first
_GRID = np.linspace(-3.0, 3.0, 201)
_GELU = 0.5 * _GRID * (1.0 + np.tanh(np.sqrt(2 / np.pi) * (_GRID + 0.044715 * _GRID**3)))
COEFFS = np.polyfit(_GRID, _GELU, 6)
DCOEFFS = np.polyder(COEFFS)


@jax.custom_jvp
def poly_gelu(x):
    return jnp.polyval(jnp.asarray(COEFFS, x.dtype), jnp.clip(x, -3.0, 3.0))


@poly_gelu.defjvp
def _poly_gelu_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    xc = jnp.clip(x, -3.0, 3.0)
    slope = jnp.polyval(jnp.asarray(DCOEFFS), xc) * (jnp.abs(x) < 3.0)
    return poly_gelu(x), slope * x_dot
