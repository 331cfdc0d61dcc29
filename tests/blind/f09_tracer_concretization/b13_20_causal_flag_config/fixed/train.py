import functools

import jax
import jax.numpy as jnp

from lm.config import AttnConfig
from lm.layers import attention, init_attention

VOCAB = 27


def init(key, cfg):
    ke, ka, ko = jax.random.split(key, 3)
    return {
        "embed": 0.1 * jax.random.normal(ke, (VOCAB, cfg.d_model)),
        "attn": init_attention(ka, cfg.d_model),
        "out": 0.1 * jax.random.normal(ko, (cfg.d_model, VOCAB)),
    }


def next_char_loss(params, tokens, cfg):
    h = params["embed"][tokens[:, :-1]]
    h = h + attention(params["attn"], h, cfg)
    logits = h @ params["out"]
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, tokens[:, 1:, None], axis=-1))


@functools.partial(jax.jit, static_argnames=("cfg",))
def train_step(params, tokens, cfg, lr=0.5):
    loss, grads = jax.value_and_grad(next_char_loss)(params, tokens, cfg)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def encode(text):
    return jnp.array([0 if c == " " else ord(c) - 96 for c in text])


def main(steps=30):
    cfg = AttnConfig()
    text = "the quick brown fox jumps over the lazy dog and the cat sat on the mat "
    tokens = jnp.stack([encode(text[i : i + 17]) for i in range(0, 48, 3)])
    params = init(jax.random.key(0), cfg)
    for _ in range(steps):
        params, loss = train_step(params, tokens, cfg)
    print("next-char loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
