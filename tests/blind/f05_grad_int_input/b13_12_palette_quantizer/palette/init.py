"""Initial palettes for colour quantisation."""

import jax


def random_levels(key, k, channels=3):
    """k random 8-bit colours."""
    return jax.random.randint(key, (k, channels), 0, 256)


def from_pixels(key, pixels, k):
    """k colours drawn from the image itself."""
    idx = jax.random.choice(key, pixels.shape[0], (k,), replace=False)
    return pixels[idx]


INITIALISERS = {"random": random_levels, "sample": from_pixels}
