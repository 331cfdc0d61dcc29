"""Extended Kalman filter for a planar rover with unicycle kinematics."""
import jax
import jax.numpy as jnp

from sensors import observe


def motion(pose, control, dt):
    v, omega = control
    x, y, th = pose
    return jnp.array([x + v * dt * jnp.cos(th), y + v * dt * jnp.sin(th), th + omega * dt])


class RoverEKF:
    def __init__(self, landmarks, q=1e-3, r=(0.05, 0.01), dt=0.1):
        self.landmarks = landmarks
        self.Q = q * jnp.eye(3)
        self.R = jnp.diag(jnp.array(r) ** 2)
        self.dt = dt

    def predict(self, mean, cov, control):
        f = lambda s: motion(s, control, self.dt)
        F = jax.jacfwd(f)(mean)
        return f(mean), F @ cov @ F.T + self.Q

    def update(self, mean, cov, z, landmark_id):
        lm = self.landmarks[landmark_id]
        H = jax.jacfwd(observe)(mean, lm)
        innovation = z - observe(mean, lm)
        innovation = innovation.at[1].set(jnp.arctan2(jnp.sin(innovation[1]), jnp.cos(innovation[1])))
        S = H @ cov @ H.T + self.R
        K = jnp.linalg.solve(S, H @ cov).T
        return mean + K @ innovation, (jnp.eye(3) - K @ H) @ cov
