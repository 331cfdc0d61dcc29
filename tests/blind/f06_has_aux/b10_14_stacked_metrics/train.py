"""Train on synthetic documents whose label depends on a few sentiment words."""
import jax
import jax.numpy as jnp

from sentiment.learner import Learner

VOCAB = 50


def documents(n=200, seed=0):
    counts = jax.random.poisson(jax.random.key(seed), 0.3, (n, VOCAB)).astype(jnp.float32)
    score = counts[:, :5].sum(1) - counts[:, 5:10].sum(1)
    return counts, (score > 0).astype(jnp.float32)


def train(epochs=20):
    counts, labels = documents()
    learner = Learner(VOCAB)
    for _ in range(epochs):
        loss = learner.step(counts, labels)
    return learner, loss


def main():
    learner, loss = train()
    print("loss", float(loss), "last metrics", learner.history[-1])


if __name__ == "__main__":
    main()
