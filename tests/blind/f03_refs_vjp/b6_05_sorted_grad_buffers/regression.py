"""Logistic regression on Ref-held weights, trained by explicit VJPs."""

import jax
import jax.numpy as jnp

from buffers import GradBuffers, ParamStore


def nll(w_ref, b_ref, x, y):
    logits = x @ w_ref[...] + b_ref[...]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


def train(store, x, y, steps=25, lr=0.5):
    grads = GradBuffers(store)
    for _ in range(steps):
        grads.zero()
        loss, f_vjp = jax.vjp(nll, store["w"], store["b"], x, y)
        f_vjp.with_refs(*grads.refs.values(), jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
        g = grads.read()
        store["w"][...] -= lr * g["w"]
        store["b"][...] -= lr * g["b"]
    return loss


def main():
    kx, kw = jax.random.split(jax.random.PRNGKey(11))
    x = jax.random.normal(kx, (128, 4))
    y = (x @ jnp.array([1.0, -2.0, 0.5, 0.0]) > 0).astype(jnp.float32)
    store = ParamStore(w=0.01 * jax.random.normal(kw, (4,)), b=jnp.zeros(()))
    loss = train(store, x, y)
    print(f"nll {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
