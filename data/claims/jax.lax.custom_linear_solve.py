"""Claims of data/api/jax.lax.custom_linear_solve.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

A = jnp.array([[2.0, 1.0], [0.0, 3.0]])
S = jnp.array([[2.0, 1.0], [1.0, 3.0]])
B = jnp.ones(2)


def solve(matrix, b, **options):
    return jax.lax.custom_linear_solve(
        lambda v: matrix @ v, b, lambda mv, b: jnp.linalg.solve(matrix, b), **options
    )


@claim("Without either, jax.grad fails: the solve has no transpose rule.")
def grad_needs_transpose():
    with raises(TypeError, "transpose_solve required"):
        jax.grad(lambda b: solve(A, b).sum())(B)


@claim("forward mode solves again with solve")
def forward():
    assert jnp.allclose(jax.jvp(lambda b: solve(A, b), (B,), (B,))[1], jnp.linalg.solve(A, B))


@claim("or symmetric=True when matvec is symmetric (then solve is reused)")
def symmetric():
    assert jnp.allclose(
        jax.grad(lambda b: solve(S, b, symmetric=True).sum())(B), jnp.linalg.solve(S, B)
    )


@claim("arrays it closes over are differentiated through")
def closed_over():
    g = jax.grad(lambda m: solve(m, B, symmetric=True).sum())(S)
    expected = jax.grad(lambda m: jnp.linalg.solve(m, B).sum())(S)
    assert jnp.allclose(g, expected, atol=1e-5)
