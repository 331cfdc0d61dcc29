"""Matrix-free solves for kernel ridge regression."""

import jax
import jax.numpy as jnp


def rbf_kernel(xa, xb, lengthscale):
    d2 = jnp.sum((xa[:, None, :] - xb[None, :, :]) ** 2, axis=-1)
    return jnp.exp(-0.5 * d2 / lengthscale**2)


def conjugate_gradient(matvec, b, iters=50):
    x, _ = jax.scipy.sparse.linalg.cg(matvec, b, maxiter=iters)
    return x


def ridge_solve(k, y, reg):
    def matvec(v):
        return k @ v + reg * v

    return jax.lax.custom_linear_solve(matvec, y, solve=conjugate_gradient, symmetric=True)
