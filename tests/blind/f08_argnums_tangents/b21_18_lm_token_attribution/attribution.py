"""Gradient x input attribution of the next-token prediction to the context tokens."""
import jax
import jax.numpy as jnp

import lm
from seeds import one_hot_seed

VOCAB, DIM, T = 50, 16, 8


def token_attribution(params, context_ids, next_ids):
    x = lm.embed(params, context_ids)
    logits, f_vjp = jax.vjp(lambda e: lm.apply_embeds(params, e), x)
    seed = one_hot_seed(next_ids, VOCAB)
    (g_x,) = f_vjp(seed)
    return jnp.sum(g_x * x, axis=-1)          # (B, T): one score per context token


def main():
    params = lm.init_lm(jax.random.key(0), VOCAB, DIM)
    k1, k2 = jax.random.split(jax.random.key(1))
    context = jax.random.randint(k1, (4, T), 0, VOCAB)
    next_ids = jax.random.randint(k2, (4,), 0, VOCAB)
    scores = token_attribution(params, context, next_ids)
    for row in scores:
        print(" ".join(f"{float(s):+.3f}" for s in row))
    return scores


if __name__ == "__main__":
    main()
