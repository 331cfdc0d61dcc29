"""Synthetic 8x8 grayscale digits stored as uint8, as image files decode to."""
import numpy as np


def load_images(seed=0, n=256):
    rng = np.random.default_rng(seed)
    labels = rng.integers(0, 2, size=n)
    base = np.zeros((n, 8, 8), dtype=np.float64)
    base[labels == 0, 2:6, 3:5] = 200.0
    base[labels == 1, 3:5, 1:7] = 200.0
    noisy = base + rng.normal(0.0, 30.0, size=base.shape)
    images = np.clip(noisy, 0, 255).astype(np.uint8)
    return images, labels.astype(np.int32)


def batches(images, labels, batch_size=64):
    for i in range(0, len(images), batch_size):
        yield images[i:i + batch_size], labels[i:i + batch_size]
