import jax.numpy as jnp


def drag_force(velocity, rho=1.2, cd=0.47, area=0.01):
    speed = jnp.linalg.norm(velocity)
    return -0.5 * rho * cd * area * speed * velocity
