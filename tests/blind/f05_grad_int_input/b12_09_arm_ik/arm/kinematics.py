"""Forward kinematics and the IK objective."""
import jax.numpy as jnp


class PlanarArm:
    def __init__(self, spec):
        self.lengths = jnp.asarray(spec["link_lengths"])
        limits = jnp.asarray(spec["joint_limits"])
        self.lower, self.upper = limits[:, 0], limits[:, 1]
        self.home = jnp.asarray(spec["home"])

    def end_effector(self, q):
        angles = jnp.cumsum(q)
        return jnp.stack([jnp.sum(self.lengths * jnp.cos(angles)),
                          jnp.sum(self.lengths * jnp.sin(angles))])

    def ik_cost(self, q, target, limit_weight):
        err = self.end_effector(q) - target
        over = jnp.maximum(q - self.upper, 0.0) + jnp.maximum(self.lower - q, 0.0)
        return jnp.sum(err ** 2) + limit_weight * jnp.sum(over ** 2)
