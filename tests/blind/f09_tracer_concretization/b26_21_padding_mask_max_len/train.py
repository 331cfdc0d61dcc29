"""Trains the tagger on synthetic padded sentences."""
import jax
import jax.numpy as jnp

from tagger import init, tagging_loss

VOCAB, DIM, TAGS, MAX_LEN = 40, 16, 5, 12


@jax.jit
def train_step(params, tokens, tags, lengths, lr=0.5):
    loss, grads = jax.value_and_grad(tagging_loss)(params, tokens, tags, lengths)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def make_batch(key, n=32):
    kt, kl = jax.random.split(key)
    lengths = jax.random.randint(kl, (n,), 3, MAX_LEN + 1)
    tokens = jax.random.randint(kt, (n, MAX_LEN), 1, VOCAB)
    tokens = jnp.where(jnp.arange(MAX_LEN)[None] < lengths[:, None], tokens, 0)
    tags = tokens % TAGS
    return tokens, tags, lengths


def run(steps=20):
    params = init(jax.random.key(0), VOCAB, DIM, TAGS)
    tokens, tags, lengths = make_batch(jax.random.key(1))
    loss = None
    for _ in range(steps):
        params, loss = train_step(params, tokens, tags, lengths)
    return float(loss)


def main():
    print("tagging loss", run())


if __name__ == "__main__":
    main()
