"""A small ``scipy.optimize.curve_fit`` look-alike on top of JAX (Gauss-Newton with damping)."""
import jax
import jax.numpy as jnp


class FitResult:
    def __init__(self, popt, pcov, sse, n_iter):
        self.popt, self.pcov, self.sse, self.n_iter = popt, pcov, sse, n_iter

    def __iter__(self):
        return iter((self.popt, self.pcov))


def curve_fit(f, xdata, ydata, p0, sigma=None, max_iter=50, damping=1e-3):
    xdata = jnp.asarray(xdata)
    ydata = jnp.asarray(ydata)
    w = 1.0 if sigma is None else 1.0 / jnp.asarray(sigma)
    p = jnp.asarray(p0)

    def residuals(p):
        return w * (f(xdata, *p) - ydata)

    def sse(p):
        return jnp.sum(residuals(p) ** 2)

    grad_sse = jax.grad(sse)
    jac = jax.jacfwd(residuals)
    for it in range(max_iter):
        g = grad_sse(p)
        J = jac(p)
        H = 2.0 * J.T @ J + damping * jnp.eye(p.shape[0])
        p = p - jnp.linalg.solve(H, g)
    dof = max(1, xdata.shape[0] - p.shape[0])
    J = jac(p)
    pcov = jnp.linalg.inv(J.T @ J) * sse(p) / dof
    return FitResult(p, pcov, sse(p), max_iter)
