"""A soft-sphere gas in a periodic cubic box."""

import jax.numpy as jnp

DEFAULT_BOX = 5.0


class SoftSphereGas:
    def __init__(self, epsilon=1.0, sigma=1.0):
        self.epsilon = epsilon
        self.sigma = sigma

    def energy(self, frac, box=DEFAULT_BOX):
        # fractional coordinates, so that the box length is a differentiable scale
        d = frac[:, None, :] - frac[None, :, :]
        d = d - jnp.round(d)
        r = jnp.sqrt(jnp.sum((d * box) ** 2, axis=-1) + jnp.eye(frac.shape[0]))
        overlap = jnp.clip(1.0 - r / self.sigma, 0.0, None)
        n = frac.shape[0]
        return 0.5 * self.epsilon * jnp.sum(jnp.where(jnp.eye(n, dtype=bool), 0.0, overlap**2))
