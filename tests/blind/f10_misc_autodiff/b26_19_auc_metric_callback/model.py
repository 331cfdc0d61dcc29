"""Click-through-rate model: embeddings for categorical fields plus a dense tower."""
import jax
import jax.numpy as jnp

from metrics import roc_auc


def init(key, n_fields, vocab, dim, n_dense):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "tables": jax.random.normal(k1, (n_fields, vocab, dim)) * 0.05,
        "dense": jax.random.normal(k2, (n_dense, dim)) / jnp.sqrt(n_dense),
        "out": jax.random.normal(k3, (dim,)) * 0.1,
        "bias": jnp.zeros(()),
    }


def logits(params, cat, dense):
    emb = jax.vmap(lambda table, ids: table[ids], in_axes=(0, 1), out_axes=1)(params["tables"], cat)
    h = jax.nn.relu(emb.sum(axis=1) + dense @ params["dense"])
    return h @ params["out"] + params["bias"]


def loss_with_metrics(params, batch):
    z = logits(params, batch["cat"], batch["dense"])
    y = batch["clicked"]
    loss = jnp.mean(jnp.logaddexp(0.0, z) - y * z)
    return loss, {"auc": roc_auc(z, y), "ctr": jnp.mean(jax.nn.sigmoid(z))}
