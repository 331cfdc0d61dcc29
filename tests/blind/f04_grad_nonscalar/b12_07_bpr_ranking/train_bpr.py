"""Train the ranker with plain SGD on sampled negatives."""
import functools

import jax
import jax.numpy as jnp

from ranker.losses import bpr_loss
from ranker.model import TwoTower

MODEL = TwoTower(n_users=30, n_items=50)


def sample_batch(key, batch=64, k=4):
    ku, kp, kn = jax.random.split(key, 3)
    users = jax.random.randint(ku, (batch,), 0, MODEL.n_users)
    pos = (users * 7 + jax.random.randint(kp, (batch,), 0, 3)) % MODEL.n_items
    neg = jax.random.randint(kn, (batch, k), 0, MODEL.n_items)
    return {"user": users, "pos": pos, "neg": neg}


@functools.partial(jax.jit, static_argnums=0)
def sgd_step(model, params, batch, lr=0.5):
    grads = jax.grad(bpr_loss, argnums=1)(model, params, batch)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads)


def train(n_steps=100):
    key = jax.random.PRNGKey(0)
    params = MODEL.init(key)
    for _ in range(n_steps):
        key, sub = jax.random.split(key)
        params = sgd_step(MODEL, params, sample_batch(sub))
    eval_batch = sample_batch(jax.random.PRNGKey(99))
    return params, float(jnp.mean(bpr_loss(MODEL, params, eval_batch)))


def main():
    _, loss = train()
    print("eval bpr", loss)


if __name__ == "__main__":
    main()
