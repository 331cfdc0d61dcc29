"""Claims of data/records/custom-linear-solve-no-transpose.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

A = jnp.array([[2.0, 1.0], [0.0, 3.0]])
S = jnp.array([[2.0, 1.0], [1.0, 3.0]])
B = jnp.ones(2)
MESSAGE = (
    "transpose_solve required for backwards mode automatic differentiation of custom_linear_solve"
)


def solve(matrix, b, **options):
    return jax.lax.custom_linear_solve(
        lambda v: matrix @ v, b, lambda mv, b: jnp.linalg.solve(matrix, b), **options
    )


@claim(
    "Without either, the transpose rule raises this TypeError during the backward pass; jax.jvp and jax.jacfwd still work."
)
def reverse_fails_forward_works():
    with raises(TypeError, MESSAGE):
        jax.grad(lambda b: solve(A, b).sum())(B)
    with raises(TypeError, MESSAGE):
        jax.grad(lambda m: solve(m, B).sum())(A)
    jax.jvp(lambda b: solve(A, b), (B,), (B,))
    assert jnp.allclose(jax.jacfwd(lambda b: solve(A, b))(B), jnp.linalg.inv(A))


@claim("pass `symmetric=True`: reverse mode then reuses `solve`")
def symmetric_works():
    grad = jax.grad(lambda b: solve(S, b, symmetric=True).sum())(B)
    assert jnp.allclose(grad, jnp.linalg.solve(S.T, B))


@claim(
    "Otherwise pass `transpose_solve=lambda vecmat, b: ...`, a solver for the transposed operator"
)
def transpose_solve_works():
    grad = jax.grad(
        lambda b: solve(A, b, transpose_solve=lambda vm, b: jnp.linalg.solve(A.T, b)).sum()
    )(B)
    assert jnp.allclose(grad, jnp.linalg.solve(A.T, B))
