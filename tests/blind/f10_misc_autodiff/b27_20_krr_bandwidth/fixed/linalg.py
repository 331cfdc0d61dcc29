"""Matrix-free solves with implicit derivatives."""
from jax import lax
from jax.scipy.sparse.linalg import cg


def _cg_solve(matvec, b):
    x, _ = cg(matvec, b, tol=1e-6, maxiter=200)
    return x


def solve_regularized(matvec, b):
    """Solve (K + lam I) x = b given the regularised matvec, by conjugate gradients."""
    return lax.custom_linear_solve(matvec, b, solve=_cg_solve, symmetric=True)
