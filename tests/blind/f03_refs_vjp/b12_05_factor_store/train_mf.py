"""Fit user and item factors to a sparse click matrix by weighted least squares."""
import jax
import jax.numpy as jnp

from recsys.config import MFConfig
from recsys.store import FactorStore


def weighted_loss(users, items, clicks, weight, l2):
    scores = users[...] @ items[...].T
    err = weight * (clicks - scores) ** 2
    reg = l2 * (jnp.sum(users[...] ** 2) + jnp.sum(items[...] ** 2))
    return jnp.mean(err) + reg


def synthetic_clicks(cfg, key):
    ku, ki, kn = jax.random.split(key, 3)
    u = jax.random.normal(ku, (cfg.n_users, 3))
    v = jax.random.normal(ki, (cfg.n_items, 3))
    return (u @ v.T + 0.3 * jax.random.normal(kn, (cfg.n_users, cfg.n_items)) > 1.0).astype(jnp.float32)


def train(n_epochs=30, cfg=MFConfig()):
    key = jax.random.PRNGKey(0)
    store = FactorStore(cfg, key)
    clicks = synthetic_clicks(cfg, jax.random.PRNGKey(1))
    weight = 1.0 + 4.0 * clicks
    history = []
    for _ in range(n_epochs):
        users, items = store.refs()
        loss, f_vjp = jax.vjp(weighted_loss, users, items, clicks, weight, cfg.l2)
        g_users, g_items = store.grad_buffers()
        dont = jax.ad.DontWant()
        f_vjp.with_refs(g_users, g_items, dont, dont, dont)(jnp.ones_like(loss))
        store.sgd((g_users, g_items))
        history.append(float(loss))
    return history


def main():
    history = train()
    print("loss", history[0], "->", history[-1])


if __name__ == "__main__":
    main()
