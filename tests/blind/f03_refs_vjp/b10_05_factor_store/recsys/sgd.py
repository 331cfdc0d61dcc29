"""Plain SGD on a FactorStore, differentiating through its Refs with jax.vjp."""
import jax
import jax.numpy as jnp

from recsys.loss import rating_loss


class FactorSGD:
    def __init__(self, store, lr=0.5):
        self.store = store
        self.lr = lr

    def step(self, user_ids, item_ids, ratings):
        loss, f_vjp = jax.vjp(rating_loss, self.store.users, self.store.items,
                              user_ids, item_ids, ratings)
        g_users, g_items, *_ = f_vjp(jnp.ones_like(loss))
        self.store.users[...] -= self.lr * g_users
        self.store.items[...] -= self.lr * g_items
        return loss
