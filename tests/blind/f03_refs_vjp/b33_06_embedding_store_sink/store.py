"""Parameter store of the recommender team: the item table lives in a Ref, updated in place."""
import jax
import jax.numpy as jnp


class EmbeddingStore:
    def __init__(self, key, n_items, dim):
        self.table = jax.new_ref(0.1 * jax.random.normal(key, (n_items, dim)))

    def apply_update(self, grad, lr):
        self.table[...] -= lr * grad
