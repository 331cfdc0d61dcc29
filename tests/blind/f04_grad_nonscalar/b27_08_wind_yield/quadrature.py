"""Fixed-order Gauss-Legendre quadrature on an interval."""
import jax.numpy as jnp
import numpy as np


def make_gauss_legendre(order, a, b):
    """Return integrate(f) approximating the integral of f over [a, b].

    Nodes are laid out as a column so that integrands may carry extra trailing axes.
    """
    x, w = np.polynomial.legendre.leggauss(order)
    nodes = jnp.asarray(0.5 * (b - a) * x + 0.5 * (b + a), jnp.float32)[:, None]
    weights = jnp.asarray(0.5 * (b - a) * w, jnp.float32)

    def integrate(f):
        return weights @ f(nodes)

    return integrate
