"""Starting points for iterative reconstruction."""

from __future__ import annotations

import jax.numpy as jnp
import numpy as np

from ct.io import ScanHeader


def initial_attenuation(raw: np.ndarray, header: ScanHeader):
    """Warm start from a previous scan of the same patient.

    Reconstruction works in stored-count units; ``header.scale`` converts to
    1/mm only when images are exported.
    """
    counts = jnp.asarray(raw, dtype=jnp.float32)
    return jnp.clip(counts, 0, header.max_count)
