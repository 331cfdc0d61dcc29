# Cells 3-5 of polyfit.ipynb: model and loss
import jax.numpy as jnp

DEGREE = 3


def features(x):
    return jnp.stack([x**k for k in range(DEGREE + 1)], axis=1)


def predict(coeffs, x):
    return features(x) @ coeffs


def loss(coeffs, x, y):
    preds = predict(coeffs, x)
    jnp.mean((preds - y) ** 2)
