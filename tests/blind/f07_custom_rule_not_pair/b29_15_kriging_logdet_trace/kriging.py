"""Ordinary kriging of ore grades with a Matern-3/2 covariance (nugget + sill + range)."""
import jax.numpy as jnp

from spd import logdet_spd, quad_form


def matern32(d, sill, range_):
    a = jnp.sqrt(3.0) * d / range_
    return sill * (1.0 + a) * jnp.exp(-a)


class OrdinaryKriging:
    def __init__(self, coords, grades):
        self.coords = coords
        self.grades = grades
        diff = coords[:, None, :] - coords[None, :, :]
        self.dist = jnp.sqrt(jnp.sum(diff ** 2, axis=-1) + 1e-12)

    def covariance(self, log_theta):
        nugget, sill, range_ = jnp.exp(log_theta)
        n = self.coords.shape[0]
        return matern32(self.dist, sill, range_) + nugget * jnp.eye(n)

    def neg_log_likelihood(self, log_theta):
        K = self.covariance(log_theta)
        r = self.grades - jnp.mean(self.grades)
        return 0.5 * (quad_form(K, r) + logdet_spd(K))
