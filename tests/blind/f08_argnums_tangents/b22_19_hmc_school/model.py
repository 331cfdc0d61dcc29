"""Eight-schools style hierarchical model (non-centred), as a potential energy."""

import jax.numpy as jnp

EFFECTS = jnp.array([28.0, 8.0, -3.0, 7.0, -1.0, 1.0, 18.0, 12.0])
STDERR = jnp.array([15.0, 10.0, 16.0, 11.0, 9.0, 11.0, 10.0, 18.0])


def potential(mu, log_tau, eta, data):
    effects, stderr = data
    tau = jnp.exp(log_tau)
    theta = mu + tau * eta
    log_lik = -0.5 * jnp.sum(((effects - theta) / stderr) ** 2)
    log_prior = -0.5 * (mu / 5.0) ** 2 - 0.5 * jnp.sum(eta**2) - 0.5 * (log_tau / 2.0) ** 2
    return -(log_lik + log_prior)
