"""Masked-residue regression pretraining of the feed-forward block."""
import jax
import jax.numpy as jnp

from plm.model import FeedForward, embed

VOCAB, D_MODEL = 25, 16
block = FeedForward(D_MODEL, 32)


def loss_fn(params, table, tokens, targets):
    h = block(params, embed(tokens, table))
    return jnp.mean((h - targets) ** 2)


@jax.jit
def train_step(params, table, tokens, targets):
    loss, grads = jax.value_and_grad(loss_fn)(params, table, tokens, targets)
    params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    return params, loss


def run(steps=30):
    key = jax.random.key(7)
    k1, k2, k3, k4 = jax.random.split(key, 4)
    params = block.init(k1)
    table = jax.random.normal(k2, (VOCAB, D_MODEL))
    tokens = jax.random.randint(k3, (64,), 0, VOCAB)
    targets = jax.random.normal(k4, (64, D_MODEL))
    for _ in range(steps):
        params, loss = train_step(params, table, tokens, targets)
    return loss


def main():
    print("final loss", float(run()))


if __name__ == "__main__":
    main()
