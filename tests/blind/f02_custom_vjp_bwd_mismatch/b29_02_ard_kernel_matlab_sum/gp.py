"""Type-II maximum likelihood for a GP regression of a drug-response surface."""
import jax
import jax.numpy as jnp
import numpy as np

from kernels import se_ard
from matlab_compat import colvec


def neg_log_marginal(hyp, X, y):
    n = X.shape[0]
    K = se_ard(X, hyp["log_ell"], hyp["log_sf"]) + jnp.exp(2.0 * hyp["log_sn"]) * jnp.eye(n)
    L = jnp.linalg.cholesky(K)
    alpha = jax.scipy.linalg.cho_solve((L, True), y)
    return (0.5 * (y.T @ alpha)[0, 0] + jnp.sum(jnp.log(jnp.diag(L)))
            + 0.5 * n * jnp.log(2.0 * jnp.pi))


def load_doses(n=40, seed=0):
    rng = np.random.default_rng(seed)
    X = rng.uniform(0.0, 3.0, size=(n, 2))
    y = np.sin(2.0 * X[:, 0]) * np.exp(-0.3 * X[:, 1]) + 0.05 * rng.standard_normal(n)
    return jnp.asarray(X, dtype=jnp.float32), colvec(jnp.asarray(y, dtype=jnp.float32))


def optimise(X, y, iters=30, lr=0.05):
    hyp = {"log_ell": jnp.zeros(2), "log_sf": jnp.array(0.0), "log_sn": jnp.array(-2.0)}
    objective = jax.jit(jax.value_and_grad(neg_log_marginal))
    for it in range(iters):
        nlml, g = objective(hyp, X, y)
        hyp = {k: hyp[k] - lr * g[k] for k in hyp}
    return hyp, nlml


def main():
    X, y = load_doses()
    hyp, nlml = optimise(X, y)
    print("nlml", float(nlml), "lengthscales", np.exp(np.asarray(hyp["log_ell"])))


if __name__ == "__main__":
    main()
