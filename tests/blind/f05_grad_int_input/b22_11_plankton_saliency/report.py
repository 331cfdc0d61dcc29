"""Attribution report for a batch of captured frames."""

import jax
import jax.numpy as jnp

from explain import saliency_maps
from model import init
from pipeline import decode_frames, synthetic_capture


def main():
    raw, labels = synthetic_capture(seed=0)
    frames = jnp.asarray(decode_frames(raw, len(labels)))
    params = init(jax.random.key(0))
    maps = saliency_maps(params, frames, jnp.asarray(labels))
    peak = jnp.abs(maps).reshape(len(labels), -1).max(axis=1)
    print("peak attribution per frame", peak)
    return maps


if __name__ == "__main__":
    main()
