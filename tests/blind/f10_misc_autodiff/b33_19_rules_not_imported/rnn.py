"""Elman RNN trained with per-step gradient clipping on the hidden state."""
import jax
import jax.numpy as jnp

from ops import clip_gradient, scaled_tanh


def run(params, xs, max_norm=1.0):
    def cell(h, x):
        h = scaled_tanh(h @ params["wh"] + x @ params["wx"])
        return clip_gradient(h, max_norm), h

    h0 = jnp.zeros(params["wh"].shape[0])
    _, hs = jax.lax.scan(cell, h0, xs)
    return hs @ params["wo"]


def loss(params, xs, ys):
    return jnp.mean((run(params, xs) - ys) ** 2)


def main(steps=20, lr=0.05):
    k1, k2, k3, k4 = jax.random.split(jax.random.key(0), 4)
    xs = jax.random.normal(k1, (30, 2))
    ys = jnp.cumsum(xs[:, :1], axis=0) * 0.2
    params = {"wh": jax.random.normal(k2, (8, 8)) * 0.2, "wx": jax.random.normal(k3, (2, 8)) * 0.5,
              "wo": jax.random.normal(k4, (8, 1)) * 0.3}
    step = jax.jit(jax.value_and_grad(loss))
    for _ in range(steps):
        value, grads = step(params, xs, ys)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    print(f"loss {float(value):.4f}")
    return float(value)


if __name__ == "__main__":
    main()
