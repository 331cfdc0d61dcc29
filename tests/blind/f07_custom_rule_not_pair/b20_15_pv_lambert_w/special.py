"""Principal branch of the Lambert W function for x >= 0, with an analytic JVP.

Differentiating through the Halley iterations would be wasteful; dW/dx has the
closed form 1 / (exp(W) (1 + W)).
"""
import jax
import jax.numpy as jnp


def _halley(x, iters=10):
    w = jnp.log1p(x)
    for _ in range(iters):
        ew = jnp.exp(w)
        f = w * ew - x
        w = w - f / (ew * (w + 1.0) - (w + 2.0) * f / (2.0 * w + 2.0))
    return w


@jax.custom_jvp
def lambertw(x):
    return _halley(x)


@lambertw.defjvp
def _lambertw_jvp(primals, tangents):
    (x,), (x_dot,) = primals, tangents
    w = lambertw(x)
    dwdx = 1.0 / (jnp.exp(w) * (1.0 + w))
    return w, dwdx @ x_dot
