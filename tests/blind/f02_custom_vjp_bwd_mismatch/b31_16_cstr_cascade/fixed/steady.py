"""Steady state of a cascade of stirred tanks, differentiated implicitly."""
import jax
import jax.numpy as jnp

C_FEED = 2.0    # mol/L
VOLUME = 50.0   # L per tank


def residual(c, k, q):
    """Mole balance of each tank for a second-order reaction A + A -> B."""
    upstream = jnp.concatenate([jnp.array([C_FEED]), c[:-1]])
    return q * (upstream - c) - VOLUME * k * c ** 2


def _newton(k, q, c0, n_iter=25):
    c = c0
    for _ in range(n_iter):
        J = jax.jacfwd(residual)(c, k, q)
        c = c - jnp.linalg.solve(J, residual(c, k, q))
    return c


@jax.custom_vjp
def steady_state(k, q, c0):
    return _newton(k, q, c0)


def _steady_fwd(k, q, c0):
    c = _newton(k, q, c0)
    return c, (c, k, q, c0)


def _steady_bwd(res, c_bar):
    c, k, q, c0 = res
    J = jax.jacfwd(residual)(c, k, q)
    w = jnp.linalg.solve(J.T, c_bar)
    _, vjp_params = jax.vjp(lambda k, q: residual(c, k, q), k, q)
    return (*vjp_params(-w), jnp.zeros_like(c0))


steady_state.defvjp(_steady_fwd, _steady_bwd)
