"""Linear-Gaussian state-space filtering (column-vector conventions of kalmanf.m)."""
import jax
import jax.numpy as jnp


class KalmanFilter:
    def __init__(self, F, H, m0, P0):
        self.F, self.H = F, H
        self.m0, self.P0 = m0, P0          # m0 is an (n, 1) column

    def predict(self, m, P, Q):
        return self.F @ m, self.F @ P @ self.F.T + Q

    def update(self, m, P, y, R):
        v = y - self.H @ m                 # (1, 1) innovation
        S = self.H @ P @ self.H.T + R
        K = P @ self.H.T @ jnp.linalg.inv(S)
        ll = -0.5 * (jnp.log(2 * jnp.pi * S[0, 0]) + (v.T @ jnp.linalg.solve(S, v))[0, 0])
        return m + K @ v, P - K @ S @ K.T, ll

    def filter(self, ys, Q, R):
        """Run the filter over ys; returns the log-likelihood of ys and the filtered means."""
        def step(carry, y):
            m, P = carry
            m, P = self.predict(m, P, Q)
            m, P, ll = self.update(m, P, y.reshape(1, 1), R)
            return (m, P), (ll, m[:, 0])

        _, (lls, means) = jax.lax.scan(step, (self.m0, self.P0), ys)
        return lls, means
