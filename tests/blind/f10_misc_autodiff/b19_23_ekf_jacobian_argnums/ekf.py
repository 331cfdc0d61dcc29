"""Extended Kalman filter with Jacobians from automatic differentiation."""

import jax
import jax.numpy as jnp


class ExtendedKalmanFilter:
    def __init__(self, f, h, q, r, argnums):
        self.f, self.h, self.q, self.r = f, h, q, r
        self.f_jac = jax.jacfwd(f, argnums=argnums["transition"])
        self.h_jac = jax.jacfwd(h, argnums=argnums["observation"])

    def predict(self, x, p):
        fx = self.f_jac(x)
        return self.f(x), fx @ p @ fx.T + self.q

    def update(self, x, p, z):
        hx = self.h_jac(x)
        innovation = z - self.h(x)
        innovation = innovation.at[1].set(jnp.arctan2(jnp.sin(innovation[1]), jnp.cos(innovation[1])))
        s = hx @ p @ hx.T + self.r
        k = p @ hx.T @ jnp.linalg.inv(s)
        return x + k @ innovation, (jnp.eye(x.shape[0]) - k @ hx) @ p
