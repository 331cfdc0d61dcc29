"""Load warm-start parameters shipped as JSON by the modelling team."""
import json

import jax.numpy as jnp

WARM_START = """
{
  "dense": {"w": [[0.5, -0.25], [0.1, 0.75], [-0.3, 0.2]], "b": [0, 0]},
  "out": {"w": [[1.0], [-1.0]], "b": [0]}
}
"""


def restore(text=WARM_START):
    raw = json.loads(text)
    return {layer: {name: jnp.asarray(value, dtype=jnp.float32) for name, value in tensors.items()}
            for layer, tensors in raw.items()}
