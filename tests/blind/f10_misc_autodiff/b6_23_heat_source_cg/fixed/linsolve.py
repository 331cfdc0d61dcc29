"""Matrix-free linear solves with implicit differentiation."""

import functools

import jax
from jax.scipy.sparse.linalg import cg


def _cg_solve(matvec, b, tol):
    x, _ = cg(matvec, b, tol=tol, maxiter=500)
    return x


def implicit_solve(matvec, b, tol=1e-6):
    """Solve A x = b with CG; derivatives come from the implicit function theorem."""
    return jax.lax.custom_linear_solve(matvec, b, solve=functools.partial(_cg_solve, tol=tol), symmetric=True)
