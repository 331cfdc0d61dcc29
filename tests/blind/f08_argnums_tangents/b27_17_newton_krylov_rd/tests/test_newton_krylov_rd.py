import jax.numpy as jnp

from newton import newton_krylov


def test_newton_reduces_residual():
    n = 10
    state = {"u": jnp.full(n, 0.1), "v": jnp.ones(n)}
    _, res = newton_krylov(state, 1.0 / (n + 1), iters=3)
    assert res < 1.0
