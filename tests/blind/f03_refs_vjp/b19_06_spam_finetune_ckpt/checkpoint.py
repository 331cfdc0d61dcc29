"""Load and save compact checkpoints (weights are stored in half precision on disk)."""

import numpy as np

import jax
import jax.numpy as jnp


def make_demo_checkpoint(n_features, seed=0):
    rng = np.random.default_rng(seed)
    return {
        "step": 1200,
        "weights": {
            "w": (0.1 * rng.standard_normal(n_features)).astype(np.float16),
            "b": np.zeros((), np.float16),
        },
    }


def restore_refs(ckpt):
    """Turn the stored weights into Refs the online learner updates in place."""
    return {name: jax.new_ref(jnp.asarray(value)) for name, value in ckpt["weights"].items()}
