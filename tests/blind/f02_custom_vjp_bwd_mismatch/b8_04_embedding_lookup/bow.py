"""Bag-of-words sentiment classifier: mean of token embeddings, then a linear head."""
import jax
import jax.numpy as jnp

from embedding import lookup


class BagOfWords:
    def __init__(self, vocab, dim, key):
        k1, k2 = jax.random.split(key)
        self.params = {
            "table": 0.1 * jax.random.normal(k1, (vocab, dim)),
            "head": 0.1 * jax.random.normal(k2, (dim,)),
        }

    @staticmethod
    def logits(params, ids):
        emb = lookup(params["table"], ids)          # (batch, length, dim)
        return jnp.mean(emb, axis=1) @ params["head"]

    @classmethod
    def loss(cls, params, ids, labels):
        z = cls.logits(params, ids)
        return jnp.mean(jax.nn.softplus(z) - labels * z)

    def step(self, ids, labels, lr=0.5):
        value, grads = jax.value_and_grad(self.loss)(self.params, ids, labels)
        self.params = jax.tree_util.tree_map(lambda p, g: p - lr * g, self.params, grads)
        return value


def main():
    model = BagOfWords(vocab=50, dim=8, key=jax.random.PRNGKey(0))
    ids = jax.random.randint(jax.random.PRNGKey(1), (16, 7), 0, 50)
    labels = (ids[:, 0] < 25).astype(jnp.float32)
    for epoch in range(3):
        print(epoch, float(model.step(ids, labels)))


if __name__ == "__main__":
    main()
