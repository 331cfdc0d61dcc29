"""Bag-of-embeddings sentiment classifier and its loss."""
import jax
import jax.numpy as jnp

from outputs import LossOutput


def init_params(key, vocab_size, dim, n_classes):
    k1, k2 = jax.random.split(key)
    return {
        "embedding": jax.random.normal(k1, (vocab_size, dim)) * 0.1,
        "classifier": {"w": jax.random.normal(k2, (dim, n_classes)) * 0.1, "b": jnp.zeros(n_classes)},
    }


def forward(params, tokens, mask):
    emb = params["embedding"][tokens] * mask[..., None]
    pooled = emb.sum(axis=1) / jnp.maximum(mask.sum(axis=1, keepdims=True), 1.0)
    return pooled @ params["classifier"]["w"] + params["classifier"]["b"]


def classification_loss(params, batch, label_smoothing=0.05):
    logits = forward(params, batch["tokens"], batch["mask"])
    n_classes = logits.shape[-1]
    targets = jax.nn.one_hot(batch["labels"], n_classes)
    targets = targets * (1 - label_smoothing) + label_smoothing / n_classes
    loss = -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(logits), axis=-1))
    acc = jnp.mean(jnp.argmax(logits, -1) == batch["labels"])
    return LossOutput(loss=loss, logits=logits, metrics={"accuracy": acc})
