"""Train the batch-norm classifier on three Gaussian blobs."""

import jax
import jax.numpy as jnp

from model import BNClassifier
from trainer import PrintEvery, StatefulTrainer


def blobs(key, n_batches=10, size=64):
    centers = jnp.array([[2.0, 0.0, 0.0, 1.0], [-2.0, 1.0, 0.0, 0.0], [0.0, -2.0, 1.0, 0.0]])
    out = []
    for i in range(n_batches):
        k1, k2 = jax.random.split(jax.random.fold_in(key, i))
        y = jax.random.randint(k1, (size,), 0, 3)
        out.append((centers[y] + 0.5 * jax.random.normal(k2, (size, 4)), y))
    return out


def main():
    model = BNClassifier(4, 16, 3)
    key = jax.random.PRNGKey(0)
    params, state = model.init(key)
    trainer = StatefulTrainer(model, lr=0.2, hooks=[PrintEvery(5)])
    params, state, metrics = trainer.fit(params, state, blobs(jax.random.fold_in(key, 1)))
    return float(metrics["accuracy"])


if __name__ == "__main__":
    main()
