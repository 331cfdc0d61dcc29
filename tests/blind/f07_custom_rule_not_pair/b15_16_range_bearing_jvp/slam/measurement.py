"""Measurement model of a planar robot observing point landmarks."""
import jax.numpy as jnp

from slam.geometry import range_bearing, wrap_angle


def predict(pose, landmarks):
    x, y, heading = pose
    r, bearing = range_bearing(landmarks[:, 0] - x, landmarks[:, 1] - y)
    return r, wrap_angle(bearing - heading)


def residual_cost(pose, landmarks, ranges, bearings, sigma_r=0.1, sigma_b=0.02):
    r_hat, b_hat = predict(pose, landmarks)
    return jnp.sum(((r_hat - ranges) / sigma_r) ** 2 + (wrap_angle(b_hat - bearings) / sigma_b) ** 2)
