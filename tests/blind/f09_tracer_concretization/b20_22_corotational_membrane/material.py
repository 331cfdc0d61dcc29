"""Corotational linear elasticity for a thin membrane."""
import jax.numpy as jnp

from kinematics import deformation_gradients, rotations


class CorotationalMembrane:
    def __init__(self, rest, triangles, mu=10.0, lam=40.0):
        self.triangles = triangles
        a, b, c = (rest[triangles[:, i]] for i in range(3))
        dm = jnp.stack([b - a, c - a], axis=-1)
        self.rest_inv = jnp.linalg.inv(dm)
        self.area = 0.5 * jnp.abs(jnp.linalg.det(dm))
        self.mu, self.lam = mu, lam

    def energy(self, x):
        f = deformation_gradients(x, self.rest_inv, self.triangles)
        r = rotations(f)
        strain = f - r
        trace = jnp.trace(jnp.swapaxes(r, 1, 2) @ f - jnp.eye(2), axis1=1, axis2=2)
        density = self.mu * jnp.sum(strain ** 2, axis=(1, 2)) + 0.5 * self.lam * trace ** 2
        return jnp.sum(self.area * density)
