import jax
import jax.numpy as jnp

from ranker import pairwise_loss


class RankerTrainer:
    def __init__(self, dim, lr=0.1):
        self.w = jnp.zeros(dim)
        self.lr = lr
        self.history = []

    def epoch(self, pos, neg):
        grads, metrics = jax.grad(pairwise_loss)(self.w, pos, neg)
        self.w = self.w - self.lr * grads
        self.history.append(float(metrics["violations"]))


def main(epochs=10):
    k1, k2 = jax.random.split(jax.random.key(8))
    pos = jax.random.normal(k1, (40, 3)) + jnp.array([1.0, 0.0, 0.5])
    neg = jax.random.normal(k2, (40, 3))
    trainer = RankerTrainer(3)
    for _ in range(epochs):
        trainer.epoch(pos, neg)
    print("violation rate", trainer.history[-1])
    return trainer.history


if __name__ == "__main__":
    main()
