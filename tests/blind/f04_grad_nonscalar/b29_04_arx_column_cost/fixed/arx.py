"""ARX(na, nb) model of a heated plate, ported from a MATLAB system-identification lab."""
import jax.numpy as jnp
import numpy as np


def regression_matrix(u, y, na, nb):
    """Phi(k, :) = [-y(k-1) ... -y(k-na), u(k-1) ... u(k-nb)], as in the lab notes."""
    N = len(y)
    n0 = max(na, nb)
    Phi = np.zeros((N - n0, na + nb))
    for k in range(n0, N):
        for i in range(1, na + 1):
            Phi[k - n0, i - 1] = -y[k - i]
        for j in range(1, nb + 1):
            Phi[k - n0, na + j - 1] = u[k - j]
    return jnp.asarray(Phi, dtype=jnp.float32)


class ARXModel:
    def __init__(self, na=2, nb=2, lam=1e-3):
        self.na = na
        self.nb = nb
        self.lam = lam

    def init_theta(self):
        return jnp.zeros((self.na + self.nb, 1))

    def targets(self, y):
        n0 = max(self.na, self.nb)
        return jnp.asarray(y[n0:], dtype=jnp.float32).reshape(-1, 1)

    def cost(self, theta, Phi, Y):
        E = Y - Phi @ theta
        N = Phi.shape[0]
        return (E.T @ E / N + self.lam * theta.T @ theta)[0, 0]
