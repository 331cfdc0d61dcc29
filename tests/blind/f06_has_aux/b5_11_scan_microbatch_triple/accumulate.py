"""Gradient accumulation over micro-batches with lax.scan."""

import jax
import jax.numpy as jnp

from model import init_state, loss_and_state


def accumulated_grads(params, state, xs, ys):
    """xs, ys: (n_micro, micro, ...). Returns mean grads, last metrics, new state."""

    def body(carry, batch):
        grad_sum, state = carry
        (loss, (metrics, state)), g = jax.value_and_grad(loss_and_state, has_aux=True)(
            params, state, batch
        )
        grad_sum = jax.tree.map(jnp.add, grad_sum, g)
        return (grad_sum, state), (loss, metrics["mae"])

    zeros = jax.tree.map(jnp.zeros_like, params)
    (grad_sum, state), (losses, maes) = jax.lax.scan(body, (zeros, state), (xs, ys))
    n = xs.shape[0]
    return jax.tree.map(lambda g: g / n, grad_sum), jnp.mean(losses), state


def train(n_epochs: int = 30, lr: float = 0.1):
    kx, kw = jax.random.split(jax.random.key(21))
    x = jax.random.normal(kx, (4, 8, 3)) + 2.0
    y = x @ jnp.array([1.0, -2.0, 0.5]) + 0.3
    params = {"w": jnp.zeros((3,)), "b": jnp.zeros(())}
    state = init_state(3)
    step = jax.jit(accumulated_grads)
    history = []
    for _ in range(n_epochs):
        grads, loss, state = step(params, state, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        history.append(float(loss))
    return history


def main():
    history = train()
    print(f"loss {history[0]:.4f} -> {history[-1]:.4f}")


if __name__ == "__main__":
    main()
