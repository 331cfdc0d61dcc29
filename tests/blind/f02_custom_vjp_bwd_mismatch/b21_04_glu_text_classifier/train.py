"""Sentiment classifier on synthetic token sequences, trained with a jitted lax.scan."""
from functools import partial

import jax
import jax.numpy as jnp

from layers import classifier_logits

HPARAMS = {"vocab": 100, "embed": 16, "hidden": 32, "classes": 2, "seq": 12, "lr": 0.3}


def init_params(key, hp):
    ks = jax.random.split(key, 4)
    return {
        "embed": jax.random.normal(ks[0], (hp["vocab"], hp["embed"])) * 0.1,
        "w_in": jax.random.normal(ks[1], (hp["embed"], hp["hidden"])) * 0.2,
        "w_gate": jax.random.normal(ks[2], (hp["embed"], hp["hidden"])) * 0.2,
        "w_out": jax.random.normal(ks[3], (hp["hidden"], hp["classes"])) * 0.2,
    }


def cross_entropy(params, batch):
    logits = classifier_logits(params, batch["ids"], batch["mask"])
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, batch["label"][:, None], axis=1))


@partial(jax.jit, static_argnames="lr")
def run_epoch(params, batches, lr):
    def step(p, batch):
        loss, grads = jax.value_and_grad(cross_entropy)(p, batch)
        return jax.tree.map(lambda w, g: w - lr * g, p, grads), loss

    return jax.lax.scan(step, params, batches)


def make_batches(key, n_batches, batch_size, hp):
    k1, k2 = jax.random.split(key)
    ids = jax.random.randint(k1, (n_batches, batch_size, hp["seq"]), 0, hp["vocab"])
    lengths = jax.random.randint(k2, (n_batches, batch_size, 1), 3, hp["seq"] + 1)
    mask = (jnp.arange(hp["seq"]) < lengths).astype(jnp.float32)
    label = (jnp.sum(ids * mask, axis=-1) / mask.sum(-1) > hp["vocab"] / 2).astype(jnp.int32)
    return {"ids": ids, "mask": mask, "label": label}


def main():
    params = init_params(jax.random.key(0), HPARAMS)
    batches = make_batches(jax.random.key(1), 5, 16, HPARAMS)
    for epoch in range(2):
        params, losses = run_epoch(params, batches, HPARAMS["lr"])
        print(f"epoch {epoch}: {losses.mean():.4f}")
    return params


if __name__ == "__main__":
    main()
