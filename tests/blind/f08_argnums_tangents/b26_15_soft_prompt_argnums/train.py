"""Tunes a soft prompt on a frozen model for a copy-shifted task."""
from functools import partial

import jax
import jax.numpy as jnp

from config import PROMPT_TUNING as CFG
from lm import init_lm, prompt_lm_loss


def make_prompt_step(frozen):
    loss = partial(prompt_lm_loss, frozen)
    grad_fn = jax.value_and_grad(loss, argnums=CFG["trainable_argnum"])

    @jax.jit
    def step(prompt, tokens, targets):
        value, g = grad_fn(prompt, tokens=tokens, targets=targets)
        return prompt - CFG["learning_rate"] * g, value

    return step


def run(steps=CFG["steps"]):
    frozen = init_lm(jax.random.key(0))
    tokens = jax.random.randint(jax.random.key(1), (16, 10), 0, 32)
    targets = (tokens + 1) % 32
    prompt = 0.01 * jax.random.normal(jax.random.key(2), (CFG["prompt_length"], 16))
    step = make_prompt_step(frozen)
    losses = []
    for _ in range(steps):
        prompt, value = step(prompt, tokens, targets)
        losses.append(float(value))
    return losses


def main():
    losses = run()
    print(f"prompt loss {losses[0]:.3f} -> {losses[-1]:.3f}")


if __name__ == "__main__":
    main()
