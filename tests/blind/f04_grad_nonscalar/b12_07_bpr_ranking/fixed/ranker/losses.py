"""Pairwise ranking losses over (user, positive, negatives) triples."""
import jax
import jax.numpy as jnp


def bpr_loss(model, params, batch, l2=1e-4):
    users, pos, neg = batch["user"], batch["pos"], batch["neg"]   # (B,), (B,), (B, K)
    s_pos = model.score(params, users, pos)[:, None]
    s_neg = model.score(params, users[:, None], neg)
    pairwise = -jax.nn.log_sigmoid(s_pos - s_neg)                  # (B, K)
    reg = l2 * sum(jnp.sum(p ** 2) for p in jax.tree.leaves(params))
    return jnp.mean(pairwise) + reg
