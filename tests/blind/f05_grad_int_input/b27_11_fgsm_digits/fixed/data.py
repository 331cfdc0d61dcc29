"""Tiny synthetic 8x8 digit-like images, stored as 8-bit pixels like the real scans."""
import jax.numpy as jnp
import numpy as np


def load_batch(seed=0, n=32):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 4, size=n)
    base = np.zeros((n, 8, 8))
    for i, c in enumerate(labels):
        base[i, 2 * c: 2 * c + 2, :] = 200.0
    pixels = np.clip(base + rng.normal(0.0, 20.0, base.shape), 0, 255).astype(np.uint8)
    return jnp.asarray(pixels, jnp.float32), jnp.asarray(labels)
