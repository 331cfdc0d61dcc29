"""Fit a one-layer model whose weights are a Ref, with an explicit VJP."""

import jax
import jax.numpy as jnp

from store import ParamStore, predict


def train_step(store, x, y, lr=0.1):
    out, f_vjp = jax.vjp(predict, store.w, x)
    residual = out - y
    w_grad_ref = jax.new_ref(jnp.zeros_like(store.read()))
    f_vjp.with_refs(w_grad_ref, jax.ad.DontWant())(2.0 * residual / residual.size)
    w_grad = w_grad_ref[...]
    store.sgd(w_grad, lr)
    return jnp.mean(residual ** 2)


def train(steps=10):
    x = jax.random.normal(jax.random.PRNGKey(0), (20, 3))
    y = jnp.tanh(x @ jnp.array([[0.5], [-1.0], [0.3]]))
    store = ParamStore(jnp.zeros((3, 1)))
    losses = [float(train_step(store, x, y)) for _ in range(steps)]
    return losses, store.read()


def main():
    losses, w = train()
    print("first", losses[0], "last", losses[-1], "w", w.ravel())


if __name__ == "__main__":
    main()
