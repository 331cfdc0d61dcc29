"""Complex Newton iterations on the denominator polynomial of a digital filter."""
import jax
import jax.numpy as jnp


def make_polynomial(coeffs):
    return lambda z: jnp.polyval(coeffs, z)


def polish_roots(coeffs, z0, iters=40):
    p = make_polynomial(coeffs)
    dp = jax.vmap(jax.grad(p, holomorphic=True))
    z = z0
    for _ in range(iters):
        z = z - jax.vmap(p)(z) / dp(z)
    return z
