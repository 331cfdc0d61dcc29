"""A tiny recurrent envelope follower for audio, trained to track a target envelope."""
import jax
import jax.numpy as jnp
from jax import lax

from sig.activations import hard_tanh


def follow(params, signal):
    def cell(h, s):
        h = hard_tanh(params["a"] * h + params["b"] * jnp.abs(s), -1.0, 1.0, 1.0)
        return h, h
    _, env = lax.scan(cell, 0.0, signal)
    return env


def loss(params, signal, target):
    return jnp.mean((follow(params, signal) - target) ** 2)


def main():
    t = jnp.linspace(0.0, 1.0, 400)
    signal = jnp.sin(2 * jnp.pi * 40 * t) * jnp.exp(-3 * t)
    target = jnp.exp(-3 * t) * 0.6
    params = {"a": jnp.array(0.9), "b": jnp.array(0.1)}
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(10):
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grad_fn(params, signal, target))
    print(params)


if __name__ == "__main__":
    main()
