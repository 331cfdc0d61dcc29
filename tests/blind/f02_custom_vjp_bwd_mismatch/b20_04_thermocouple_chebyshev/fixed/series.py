"""Chebyshev series evaluated by Clenshaw's recurrence, with a hand-written VJP.

The recurrence is cheap forward but reverse mode through it stores every
intermediate; the VJP below uses the closed-form partials instead.
"""
import jax
import jax.numpy as jnp


def _clenshaw(x, coeffs):
    b1 = jnp.zeros_like(x)
    b2 = jnp.zeros_like(x)
    for c in coeffs[:0:-1]:
        b1, b2 = 2.0 * x * b1 - b2 + c, b1
    return x * b1 - b2 + coeffs[0]


def chebyshev_basis(x, n):
    """T_0(x) ... T_{n-1}(x), stacked on a leading axis."""
    rows = [jnp.ones_like(x), x]
    for _ in range(2, n):
        rows.append(2.0 * x * rows[-1] - rows[-2])
    return jnp.stack(rows[:n])


@jax.custom_vjp
def chebval(x, *coeffs):
    return _clenshaw(x, coeffs)


def _chebval_fwd(x, *coeffs):
    return _clenshaw(x, coeffs), (x, coeffs)


def _chebval_bwd(res, g):
    x, coeffs = res
    _, slope = jax.jvp(lambda t: _clenshaw(t, coeffs), (x,), (jnp.ones_like(x),))
    basis = chebyshev_basis(x, len(coeffs))
    return (g * slope, *jnp.sum(g * basis, axis=-1))


chebval.defvjp(_chebval_fwd, _chebval_bwd)
