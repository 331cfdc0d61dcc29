"""Query and document towers: mean-pooled embeddings and a projection."""
import jax
import jax.numpy as jnp


def init_towers(key, s):
    kq, kd, kp = jax.random.split(key, 3)
    d = s["embed_dim"]
    return {
        "q_embed": jax.random.normal(kq, (s["query_vocab"], d)) * 0.1,
        "d_embed": jax.random.normal(kd, (s["doc_vocab"], d)) * 0.1,
        "proj": jnp.eye(d) + 0.01 * jax.random.normal(kp, (d, d)),
    }


def init_temperature(s):
    return jnp.asarray(s["temperature"])


def encode(table, proj, ids):
    v = table[ids].mean(axis=1) @ proj
    return v / jnp.linalg.norm(v, axis=-1, keepdims=True)


def in_batch_softmax_loss(towers, temperature, q_ids, d_ids):
    q = encode(towers["q_embed"], towers["proj"], q_ids)
    d = encode(towers["d_embed"], towers["proj"], d_ids)
    logits = q @ d.T / temperature
    labels = jnp.arange(q.shape[0])
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(logp[labels, labels])
