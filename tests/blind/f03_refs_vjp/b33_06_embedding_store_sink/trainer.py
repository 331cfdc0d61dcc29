import jax
import jax.numpy as jnp

from sinks import make_sinks
from store import EmbeddingStore


def score_loss(table, user, items, clicks):
    logits = table[...][items] @ user
    return jnp.mean(jax.nn.softplus(logits) - clicks * logits)


def train(steps=15, lr=0.5, grad_mode="value"):
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    store = EmbeddingStore(k1, n_items=20, dim=4)
    user = jax.random.normal(k2, (4,))
    items = jax.random.randint(k3, (32,), 0, 20)
    clicks = (items % 3 == 0).astype(jnp.float32)
    for _ in range(steps):
        loss, pullback = jax.vjp(score_loss, store.table, user, items, clicks)
        sinks = make_sinks(grad_mode, 4)
        g_table, g_user, _, _ = pullback.with_refs(*sinks)(jnp.ones_like(loss))
        store.apply_update(g_table, lr)
        user = user - lr * g_user
    return float(loss)


def main():
    print(f"loss {train():.4f}")


if __name__ == "__main__":
    main()
