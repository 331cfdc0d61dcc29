"""Replay a message stream through the spam filter restored from its checkpoint."""

import jax
import jax.numpy as jnp

from checkpoint import make_demo_checkpoint, restore_refs
from online import OnlineConfig, OnlineLearner

N_FEATURES = 20


def message_stream(key, n_batches=6, size=32):
    true_w = jnp.linspace(-1.0, 1.0, N_FEATURES)
    for i in range(n_batches):
        x = jax.random.normal(jax.random.fold_in(key, i), (size, N_FEATURES))
        y = (x @ true_w > 0).astype(jnp.float32)
        yield x, y


def main():
    params = restore_refs(make_demo_checkpoint(N_FEATURES))
    learner = OnlineLearner(params, OnlineConfig())
    losses = [float(learner.update(x, y)) for x, y in message_stream(jax.random.PRNGKey(1))]
    print("stream losses:", [round(v, 3) for v in losses])
    return losses


if __name__ == "__main__":
    main()
