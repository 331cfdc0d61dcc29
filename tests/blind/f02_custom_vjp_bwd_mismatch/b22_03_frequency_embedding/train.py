"""Train the bag-of-embeddings model on synthetic reviews."""

import jax
import jax.numpy as jnp

from model import EmbedConfig, init, make_loss


def synthetic_batch(key, cfg, batch=24):
    ids = jax.random.randint(key, (batch, cfg.max_len), 0, cfg.vocab_size + 2)
    labels = (jnp.sum(ids % 2, axis=1) > cfg.max_len // 2).astype(jnp.float32)
    return ids, labels


def main():
    cfg = EmbedConfig()
    params = init(jax.random.key(0), cfg)
    loss_fn = make_loss(cfg)
    step = jax.jit(jax.value_and_grad(loss_fn))
    ids, labels = synthetic_batch(jax.random.key(1), cfg)
    for _ in range(5):
        loss, grads = step(params, ids, labels)
        params = jax.tree.map(lambda p, g: p - 0.5 * g, params, grads)
    print("loss", loss)
    return loss


if __name__ == "__main__":
    main()
