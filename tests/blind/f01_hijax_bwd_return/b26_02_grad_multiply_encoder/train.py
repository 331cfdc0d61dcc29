"""Regression on sequence summaries with a hand-written Adam."""
import jax
import jax.numpy as jnp

from model import Encoder


def adam(lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    def init(params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return {"m": zeros, "v": zeros, "t": 0}

    def update(grads, state, params):
        t = state["t"] + 1
        m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
        v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g * g, state["v"], grads)
        step = lambda p, m, v: p - lr * (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + eps)
        return jax.tree.map(step, params, m, v), {"m": m, "v": v, "t": t}

    return init, update


def mse(model, params, x, y):
    return jnp.mean((model(params, x) - y) ** 2)


def run(steps=10):
    model = Encoder(d_in=6, d_model=16, n_layers=3)
    params = model.init(jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (32, 10, 6))
    y = jnp.sin(x.sum(axis=(1, 2)))
    opt_init, opt_update = adam()
    opt_state = opt_init(params)
    losses = []
    for _ in range(steps):
        loss, grads = jax.value_and_grad(mse, argnums=1)(model, params, x, y)
        params, opt_state = opt_update(grads, opt_state, params)
        losses.append(float(loss))
    return losses


def main():
    losses = run()
    print(f"loss {losses[0]:.4f} -> {losses[-1]:.4f}")


if __name__ == "__main__":
    main()
