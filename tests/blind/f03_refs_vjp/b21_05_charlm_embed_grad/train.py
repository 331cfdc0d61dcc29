"""Bigram character model: the next character from the current one's embedding."""
from functools import partial

import jax
import jax.numpy as jnp

from store import ParamStore
from tokenizer import CORPUS, CharVocab


def next_char_loss(params, ids):
    emb = params["embed"][...]
    logits = emb[ids[:, :-1]] @ params["proj"][...]
    targets = ids[:, 1:]
    keep = targets < logits.shape[-1]
    logp = jax.nn.log_softmax(logits)
    safe = jnp.where(keep, targets, 0)
    nll = -jnp.take_along_axis(logp, safe[..., None], axis=-1)[..., 0]
    return jnp.sum(nll * keep) / jnp.sum(keep)


def train(store, batch, steps=3, lr=0.5):
    for step in range(steps):
        loss, f_vjp = jax.vjp(partial(next_char_loss, ids=batch), store.refs)
        grads = store.zero_grads()
        f_vjp.with_refs(grads)(jnp.ones_like(loss))
        store.apply(grads, lr)
        print(f"step {step}: nll {float(loss):.3f}")
    return store


def main():
    vocab = CharVocab(CORPUS)
    lines = [s.strip() for s in CORPUS.split(".") if s.strip()]
    batch = jnp.array([vocab.encode(line, 40) for line in lines])
    store = ParamStore(jax.random.key(0), vocab.size, dim=16)
    return train(store, batch)


if __name__ == "__main__":
    main()
