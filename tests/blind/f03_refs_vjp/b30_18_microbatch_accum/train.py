"""Gradient accumulation over micro-batches, accumulating straight into buffers."""
import jax
import jax.numpy as jnp

from model import xent
from store import ParamStore, grad_buffers, reset_


def accumulate_(store, buffers, x, y, n_micro):
    loss_total = 0.0
    for xm, ym in zip(jnp.split(x, n_micro), jnp.split(y, n_micro)):
        loss, f_vjp = jax.vjp(lambda refs: xent(refs, xm, ym), store.refs)
        f_vjp.with_refs(buffers)(jnp.asarray(1.0 / n_micro))
        loss_total += loss / n_micro
    return loss_total


def train(steps=20, n_micro=4, lr=0.5):
    kx, kw = jax.random.split(jax.random.PRNGKey(0))
    x = jax.random.normal(kx, (64, 5))
    y = jnp.argmax(x @ jax.random.normal(kw, (5, 3)), axis=1)
    store = ParamStore({"w": jnp.zeros((5, 3)), "b": jnp.zeros(3)})
    buffers = grad_buffers(store)
    for _ in range(steps):
        loss = accumulate_(store, buffers, x, y, n_micro)
        store.sgd_(buffers, lr)
        reset_(buffers)
    return store.values(), loss


def main():
    params, loss = train()
    print("loss", float(loss))


if __name__ == "__main__":
    main()
