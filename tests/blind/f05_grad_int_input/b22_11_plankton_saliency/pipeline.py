"""Decoding of the imaging flow cytometer's 8-bit frames."""

import numpy as np

FRAME = 16


def decode_frames(raw: bytes, n_frames: int) -> np.ndarray:
    """Raw detector bytes -> (n, FRAME, FRAME) uint8 frames."""
    return np.frombuffer(raw, dtype=np.uint8).reshape(n_frames, FRAME, FRAME)


def synthetic_capture(seed: int, n_frames: int = 8) -> tuple[bytes, np.ndarray]:
    rng = np.random.default_rng(seed)
    yy, xx = np.mgrid[:FRAME, :FRAME]
    frames, labels = [], []
    for i in range(n_frames):
        label = i % 3
        cx, cy = rng.uniform(5, 11, size=2)
        radius = 2.0 + 1.5 * label
        blob = 200.0 * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius**2))
        frames.append(np.clip(blob + rng.normal(20, 5, blob.shape), 0, 255).astype(np.uint8))
        labels.append(label)
    return np.stack(frames).tobytes(), np.array(labels)
