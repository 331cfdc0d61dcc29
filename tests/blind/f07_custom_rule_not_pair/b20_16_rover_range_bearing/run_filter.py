"""Drive the rover around a square course and fuse landmark sightings."""
import jax
import jax.numpy as jnp

from ekf import RoverEKF, motion
from sensors import observe

LANDMARKS = jnp.array([[5.0, 5.0], [-4.0, 6.0], [0.0, -5.0]])


def main(n_steps=60):
    ekf = RoverEKF(LANDMARKS)
    key = jax.random.key(7)
    truth = jnp.array([0.0, 0.0, 0.0])
    mean, cov = jnp.array([0.2, -0.1, 0.05]), 0.1 * jnp.eye(3)
    control = jnp.array([1.0, 0.15])
    for t in range(n_steps):
        truth = motion(truth, control, ekf.dt)
        mean, cov = ekf.predict(mean, cov, control)
        key, sub = jax.random.split(key)
        lid = t % LANDMARKS.shape[0]
        z = observe(truth, LANDMARKS[lid]) + jax.random.normal(sub, (2,)) * jnp.array([0.05, 0.01])
        mean, cov = ekf.update(mean, cov, z, lid)
    err = float(jnp.linalg.norm(mean[:2] - truth[:2]))
    print(f"final position error {err:.3f} m")
    return err


if __name__ == "__main__":
    main()
