"""Polynomial regressor with its loss as a method."""

import jax.numpy as jnp


class PolyRegressor:
    def __init__(self, degree):
        self.degree = degree

    def features(self, x):
        return jnp.stack([x**k for k in range(self.degree + 1)], axis=-1)

    def predict(self, coef, x):
        return self.features(x) @ coef

    def loss(self, coef, x, y):
        residual = self.predict(coef, x) - y
        return jnp.mean(residual**2)
