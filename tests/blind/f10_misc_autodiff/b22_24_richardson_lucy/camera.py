"""Synthetic 12-bit camera frames of fluorescent beads, stored as uint16."""

import numpy as np


def gaussian_psf(size=9, sigma=1.6):
    r = np.arange(size) - size // 2
    psf = np.exp(-(r[:, None] ** 2 + r[None, :] ** 2) / (2 * sigma**2))
    return (psf / psf.sum()).astype(np.float32)


def capture_frame(seed=0, shape=(48, 48), n_beads=12):
    rng = np.random.default_rng(seed)
    scene = np.zeros(shape, np.float32)
    ys, xs = rng.integers(6, shape[0] - 6, n_beads), rng.integers(6, shape[1] - 6, n_beads)
    scene[ys, xs] = rng.uniform(800, 3000, n_beads)
    from scipy.signal import fftconvolve

    blurred = fftconvolve(scene, gaussian_psf(), mode="same") + 100.0
    return np.clip(rng.poisson(blurred), 0, 4095).astype(np.uint16)
