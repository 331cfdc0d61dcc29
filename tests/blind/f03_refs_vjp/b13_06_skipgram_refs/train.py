import jax
import jax.numpy as jnp

from w2v.config import SkipGramConfig
from w2v.learner import Learner


def batches(cfg, key, n_batches, size=32):
    for _ in range(n_batches):
        key, kc, ko, kn = jax.random.split(key, 4)
        center = jax.random.randint(kc, (size,), 0, cfg.vocab)
        context = (center + jax.random.randint(ko, (size,), 1, 3)) % cfg.vocab
        negatives = jax.random.randint(kn, (size, cfg.negatives), 0, cfg.vocab)
        yield center, context, negatives


def main(n_batches=20):
    cfg = SkipGramConfig()
    learner = Learner(cfg, jax.random.key(1))
    for center, context, negatives in batches(cfg, jax.random.key(2), n_batches):
        loss = learner.step(center, context, negatives)
    print("sgns loss", float(loss))
    return loss


if __name__ == "__main__":
    main()
