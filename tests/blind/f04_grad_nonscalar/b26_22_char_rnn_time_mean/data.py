"""Turns a text into time-major training windows."""
import numpy as np

TEXT = "the quick brown fox jumps over the lazy dog " * 20


def encode(text):
    chars = sorted(set(text))
    index = {c: i for i, c in enumerate(chars)}
    return np.array([index[c] for c in text], dtype=np.int32), len(chars)


def windows(ids, seq_len, batch, seed=0):
    rng = np.random.default_rng(seed)
    starts = rng.integers(0, len(ids) - seq_len - 1, size=batch)
    x = np.stack([ids[s:s + seq_len] for s in starts], axis=1)
    y = np.stack([ids[s + 1:s + seq_len + 1] for s in starts], axis=1)
    return x, y
