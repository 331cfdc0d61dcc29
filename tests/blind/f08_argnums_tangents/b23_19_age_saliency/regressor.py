"""A tiny convolutional age regressor for 16x16 grayscale face crops."""
import jax
import jax.numpy as jnp


class AgeRegressor:
    def __init__(self, key, channels=6):
        k1, k2 = jax.random.split(key)
        self.params = {
            "kernel": 0.3 * jax.random.normal(k1, (3, 3, 1, channels)),
            "head": 0.1 * jax.random.normal(k2, (channels, 1)),
        }

    def forward(self, images):
        h = jax.lax.conv_general_dilated(
            images[..., None], self.params["kernel"], (1, 1), "SAME",
            dimension_numbers=("NHWC", "HWIO", "NHWC"))
        h = jax.nn.relu(h).mean(axis=(1, 2))
        return 40.0 + 10.0 * (h @ self.params["head"])

    __call__ = forward
