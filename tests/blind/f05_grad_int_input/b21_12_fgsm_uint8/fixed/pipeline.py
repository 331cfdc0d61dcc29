"""Image batches as a loader hands them out: raw 8-bit pixels and integer labels."""
import numpy as np
import jax.numpy as jnp


def synthetic_digits(n=64, size=12, seed=0):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, size=n)
    imgs = rng.integers(0, 60, size=(n, size, size), dtype=np.uint8)
    # class 1: a bright vertical bar, class 0: a bright horizontal bar
    imgs[labels == 1, :, size // 2] = 230
    imgs[labels == 0, size // 2, :] = 230
    return imgs, labels


def batches(imgs, labels, batch_size=16):
    for start in range(0, len(imgs), batch_size):
        idx = slice(start, start + batch_size)
        yield jnp.asarray(imgs[idx], dtype=jnp.float32), jnp.asarray(labels[idx])
