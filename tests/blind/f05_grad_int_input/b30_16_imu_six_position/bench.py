"""Calibrate a simulated accelerometer from six static orientations."""
import jax
import jax.numpy as jnp

from imu import AccelCalibration, calibrate

ORIENTATIONS = jnp.array([
    [1, 0, 0], [-1, 0, 0], [0, 1, 0], [0, -1, 0], [0, 0, 1], [0, 0, -1],
], dtype=jnp.float32)


def record_static(key, samples=50, counts_per_g=16384.0):
    true_scale = counts_per_g * jnp.array([1.01, 0.985, 1.02])
    true_bias = jnp.array([120.0, -85.0, 40.0])
    g = jnp.repeat(ORIENTATIONS, samples, axis=0)
    noise = 20.0 * jax.random.normal(key, g.shape)
    return g * true_scale + true_bias + noise


def main():
    raw = record_static(jax.random.PRNGKey(0))
    calib, value = calibrate(AccelCalibration.nominal(), raw)
    print("bias", calib.bias, "residual", float(value))


if __name__ == "__main__":
    main()
