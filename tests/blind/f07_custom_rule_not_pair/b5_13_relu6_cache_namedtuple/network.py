"""A small convolution-free image scorer: flatten, dense, relu6, dense."""

import jax
import jax.numpy as jnp

from ops import relu6


class Scorer:
    def __init__(self, n_pixels: int, n_hidden: int):
        self.n_pixels = n_pixels
        self.n_hidden = n_hidden

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "w1": jax.random.normal(k1, (self.n_pixels, self.n_hidden)) / self.n_pixels**0.5,
            "w2": jax.random.normal(k2, (self.n_hidden,)) / self.n_hidden**0.5,
        }

    def __call__(self, params, images):
        flat = images.reshape(images.shape[0], -1)
        hidden = relu6(flat @ params["w1"])
        return hidden @ params["w2"]
