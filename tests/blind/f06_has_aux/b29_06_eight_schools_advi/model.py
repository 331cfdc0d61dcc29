"""Eight schools, non-centred parameterisation (Rubin 1981)."""
import jax.numpy as jnp
from jax.scipy import stats

Y = jnp.array([28.0, 8.0, -3.0, 7.0, -1.0, 1.0, 18.0, 12.0])
SIGMA = jnp.array([15.0, 10.0, 16.0, 11.0, 9.0, 11.0, 10.0, 18.0])
DIM = 10  # mu, log_tau, eta[8]


def log_joint(z):
    mu, log_tau, eta = z[0], z[1], z[2:]
    tau = jnp.exp(log_tau)
    theta = mu + tau * eta
    lp = stats.norm.logpdf(mu, 0.0, 5.0)
    lp += stats.cauchy.logpdf(tau, 0.0, 5.0) + log_tau   # half-Cauchy + Jacobian
    lp += jnp.sum(stats.norm.logpdf(eta))
    lp += jnp.sum(stats.norm.logpdf(Y, theta, SIGMA))
    return lp
