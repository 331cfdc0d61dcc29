"""Fit the softmax temperature of a trained classifier on held-out logits."""
import jax
import jax.numpy as jnp

from calib.ops import tempered_log_softmax
from calib.state import CalibConfig, CalibState, init_state


def held_out(key, n=256, k=10):
    k1, k2 = jax.random.split(key)
    labels = jax.random.randint(k1, (n,), 0, k)
    logits = 4.0 * jax.random.normal(k2, (n, k)) + 3.0 * jax.nn.one_hot(labels, k)
    return logits, labels


def nll(state: CalibState, logits, labels):
    logp = tempered_log_softmax(logits, state.temperature)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=-1))


@jax.jit
def update(state, logits, labels, lr):
    grads = jax.grad(nll)(state, logits, labels)
    return jax.tree.map(lambda p, g: p - lr * g, state, grads)


def calibrate(cfg=CalibConfig()):
    logits, labels = held_out(jax.random.key(3))
    state = init_state(cfg)
    for _ in range(cfg.steps):
        state = update(state, logits, labels, cfg.learning_rate)
    return state, nll(state, logits, labels)


def main():
    state, value = calibrate()
    print("temperature", state.temperature, "nll", float(value))


if __name__ == "__main__":
    main()
