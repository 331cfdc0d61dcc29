"""Fit by Newton's method, then delta-method standard errors of the predicted rates."""
import jax
import jax.numpy as jnp
import numpy as np

from model import nll, rates


def fit(x, exposure, counts, iters=8):
    beta = jnp.zeros(x.shape[1])
    grad = jax.grad(nll)
    for _ in range(iters):
        g = grad(beta, x, exposure, counts)
        # expected information for the log link: X^T diag(mu) X
        mu = rates(beta, x, exposure)
        info = x.T @ (mu[:, None] * x)
        beta = beta - jnp.linalg.solve(info, g)
    return beta, jnp.linalg.inv(info)


def rate_standard_errors(beta, cov, x_new, exposure_new):
    jac = jax.jacrev(rates)(beta, x_new, exposure_new)      # (n_new, n_params)
    return jnp.sqrt(jnp.einsum("ip,pq,iq->i", jac, cov, jac))


def main():
    rng = np.random.default_rng(0)
    x = jnp.asarray(np.c_[np.ones(200), rng.normal(size=(200, 2))], jnp.float32)
    exposure = jnp.asarray(rng.uniform(0.5, 2.0, 200), jnp.float32)
    counts = jnp.asarray(rng.poisson(np.exp(x @ np.array([0.5, 0.3, -0.2])) * exposure), jnp.float32)
    beta, cov = fit(x, exposure, counts)
    print("beta", beta)
    print("se", rate_standard_errors(beta, cov, x[:5], exposure[:5]))


if __name__ == "__main__":
    main()
