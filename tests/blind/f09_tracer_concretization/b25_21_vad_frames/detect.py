"""Mark the voiced frames of a synthetic utterance."""

import jax
import jax.numpy as jnp

from audio import VADConfig
from audio.pipeline import voiced_mask


def utterance(cfg, seconds=1.0):
    t = jnp.arange(int(cfg.sample_rate * seconds)) / cfg.sample_rate
    envelope = ((t > 0.3) & (t < 0.7)).astype(jnp.float32)
    noise = 0.003 * jax.random.normal(jax.random.key(0), t.shape)
    return envelope * 0.3 * jnp.sin(2 * jnp.pi * 220.0 * t) + noise


def main():
    cfg = VADConfig()
    mask = voiced_mask(utterance(cfg), cfg)
    print(f"{int(mask.sum())} of {mask.shape[0]} frames voiced")
    return mask


if __name__ == "__main__":
    main()
