"""Evaluation metrics computed on the host with NumPy."""
import jax
import jax.numpy as jnp
import numpy as np


def _roc_auc_numpy(scores, labels):
    order = np.argsort(scores, kind="stable")
    ranks = np.empty(len(scores), dtype=np.float64)
    ranks[order] = np.arange(1, len(scores) + 1)
    pos = labels > 0.5
    n_pos, n_neg = pos.sum(), (~pos).sum()
    if n_pos == 0 or n_neg == 0:
        return np.float32(0.5)
    return np.float32((ranks[pos].sum() - n_pos * (n_pos + 1) / 2) / (n_pos * n_neg))


def roc_auc(scores, labels):
    """Area under the ROC curve (Mann-Whitney U), usable inside jit."""
    out = jax.ShapeDtypeStruct((), jnp.float32)
    return jax.pure_callback(_roc_auc_numpy, out, scores, labels)
