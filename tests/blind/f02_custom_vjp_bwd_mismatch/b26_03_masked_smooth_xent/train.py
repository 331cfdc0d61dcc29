"""Token classifier over padded sequences, trained with label smoothing."""
from functools import partial

import jax
import jax.numpy as jnp

from reductions import smooth_labels
from xent import masked_xent

CONFIG = dict(vocab=20, dim=12, num_tags=5, smoothing=0.1, lr=0.5)


def init_params(key, cfg):
    k1, k2 = jax.random.split(key)
    return {
        "embed": jax.random.normal(k1, (cfg["vocab"], cfg["dim"])) * 0.1,
        "proj": jax.random.normal(k2, (cfg["dim"], cfg["num_tags"])) * 0.1,
    }


def loss_fn(params, tokens, tags, mask, cfg):
    logits = params["embed"][tokens] @ params["proj"]
    logits = logits.reshape(-1, cfg["num_tags"])
    targets = smooth_labels(tags.reshape(-1), cfg["num_tags"], cfg["smoothing"])
    return masked_xent(logits, targets, mask.reshape(-1).astype(jnp.float32))


@partial(jax.jit, static_argnums=4)
def train_step(params, tokens, tags, mask, cfg_items):
    cfg = dict(cfg_items)
    loss, grads = jax.value_and_grad(loss_fn)(params, tokens, tags, mask, cfg)
    params = jax.tree.map(lambda p, g: p - cfg["lr"] * g, params, grads)
    return params, {"loss": loss}


def make_batch(key, cfg, batch=8, length=7):
    kt, kl = jax.random.split(key)
    tokens = jax.random.randint(kt, (batch, length), 0, cfg["vocab"])
    lengths = jax.random.randint(kl, (batch,), 3, length + 1)
    mask = jnp.arange(length)[None, :] < lengths[:, None]
    tags = tokens % cfg["num_tags"]
    return tokens, tags, mask


def run(steps=20):
    cfg = CONFIG
    params = init_params(jax.random.key(0), cfg)
    tokens, tags, mask = make_batch(jax.random.key(1), cfg)
    metrics = {}
    for _ in range(steps):
        params, metrics = train_step(params, tokens, tags, mask, tuple(sorted(cfg.items())))
    return float(metrics["loss"])


def main():
    print("final loss", run())


if __name__ == "__main__":
    main()
