"""Softmax regression on three clusters, built on the shared Trainer."""

import jax
import jax.numpy as jnp

from base import Trainer


class SoftmaxRegression(Trainer):
    n_features = 2
    n_classes = 3

    def init_params(self, key):
        return {
            "w": 0.01 * jax.random.normal(key, (self.n_features, self.n_classes)),
            "b": jnp.zeros(self.n_classes),
        }

    def compute_loss(self, params, batch):
        x, labels = batch
        logits = x @ params["w"] + params["b"]
        logp = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))
        acc = jnp.mean(jnp.argmax(logits, axis=1) == labels)
        return nll, {"nll": nll, "accuracy": acc}


def make_batches(key, n_batches=10, size=64):
    centers = jnp.array([[2.0, 0.0], [-1.0, 1.7], [-1.0, -1.7]])
    batches = []
    for _ in range(n_batches):
        key, kl, kx = jax.random.split(key, 3)
        labels = jax.random.randint(kl, (size,), 0, 3)
        x = centers[labels] + 0.5 * jax.random.normal(kx, (size, 2))
        batches.append((x, labels))
    return batches


def main(n_batches=10):
    trainer = SoftmaxRegression()
    history = trainer.fit(make_batches(jax.random.key(1), n_batches))
    print(history[-1])
    return history


if __name__ == "__main__":
    main()
