"""Classify points on two interleaved spirals with a small MLP."""

import jax
import jax.numpy as jnp

import objectives
from state import TrainState, make_train_step, sgd


def mlp_apply(params, x):
    for w, b in params[:-1]:
        x = jnp.tanh(x @ w + b)
    w, b = params[-1]
    return x @ w + b


def mlp_init(key, sizes):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n)) for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def classification_loss(params, apply_fn, batch):
    logits = apply_fn(params, batch["x"])
    return objectives.softmax_cross_entropy_with_integer_labels(logits, batch["y"]).mean() + 1e-4 * objectives.l2_penalty(params)


def spirals(n=100):
    t = jnp.linspace(0.5, 3 * jnp.pi, n)
    a = jnp.stack([t * jnp.cos(t), t * jnp.sin(t)], axis=1) / 10
    return {"x": jnp.concatenate([a, -a]), "y": jnp.repeat(jnp.array([0, 1]), n)}


def main():
    params = mlp_init(jax.random.PRNGKey(0), [2, 32, 32, 2])
    opt_init, opt_update = sgd(0.05)
    state = TrainState(params, opt_init(params), jnp.zeros((), jnp.int32), mlp_apply, opt_update)
    step = make_train_step(classification_loss)
    batch = spirals()
    for _ in range(50):
        state, loss = step(state, batch)
    print(f"step {int(state.step)} loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
