"""Homework 4: maximum-entropy die with a prescribed mean (Jaynes' dice problem)."""
import jax
import jax.numpy as jnp

from safe_ops import entropy

FACES = jnp.arange(1.0, 7.0)
TARGET_MEAN = 4.5
PENALTY = 10.0
LR = 0.1


def objective(logits):
    p = jax.nn.softmax(logits)
    mean = jnp.dot(p, FACES)
    return -entropy(p) + PENALTY * (mean - TARGET_MEAN) ** 2


def main():
    logits = jnp.zeros(6)
    grad_fn = jax.jit(jax.grad(objective))
    for it in range(200):
        logits = logits - LR * grad_fn(logits)
    p = jax.nn.softmax(logits)
    print("max-ent probabilities:", p)
    print("mean:", float(jnp.dot(p, FACES)), "entropy:", float(entropy(p)))
    return p


if __name__ == "__main__":
    main()
