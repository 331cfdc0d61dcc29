"""Skip-gram with negative sampling (word2vec), written against plain jax.numpy."""
import jax
import jax.numpy as jnp

CONFIG = {
    "vocab_size": 50,
    "dim": 16,
    "n_negative": 5,
    "lr": 0.5,
    "log_metrics": False,
}


def init_params(key, cfg):
    k1, k2 = jax.random.split(key)
    scale = 0.5 / cfg["dim"]
    return {
        "in_emb": jax.random.uniform(k1, (cfg["vocab_size"], cfg["dim"]), minval=-scale, maxval=scale),
        "out_emb": jax.random.uniform(k2, (cfg["vocab_size"], cfg["dim"]), minval=-scale, maxval=scale),
    }


def sgns_loss(params, centers, contexts, negatives, cfg):
    v = params["in_emb"][centers]                  # (B, D)
    u_pos = params["out_emb"][contexts]            # (B, D)
    u_neg = params["out_emb"][negatives]           # (B, K, D)
    pos = jax.nn.log_sigmoid(jnp.sum(v * u_pos, axis=-1))
    neg = jnp.sum(jax.nn.log_sigmoid(-jnp.einsum("bd,bkd->bk", v, u_neg)), axis=-1)
    loss = -jnp.mean(pos + neg)
    if cfg["log_metrics"]:
        metrics = {"pos_score": jnp.mean(pos), "neg_score": jnp.mean(neg)}
        return loss, metrics
    return loss, {}
