"""Distil a teacher's softened predictions into a linear student."""
from typing import NamedTuple

import jax
import jax.numpy as jnp

from xent import tempered_xent


class DistillConfig(NamedTuple):
    temperature: float = 2.0
    lr: float = 0.5
    steps: int = 60


def student_loss(w, x, teacher_logits, cfg):
    soft = jax.nn.softmax(teacher_logits / cfg.temperature)
    return tempered_xent(x @ w, soft, cfg.temperature)


def distill(x, teacher_logits, cfg=DistillConfig()):
    w = jnp.zeros((x.shape[1], teacher_logits.shape[1]))
    grad_fn = jax.jit(jax.grad(student_loss), static_argnums=3)
    for _ in range(cfg.steps):
        w = w - cfg.lr * grad_fn(w, x, teacher_logits, cfg)
    return w


def main():
    x = jax.random.normal(jax.random.PRNGKey(0), (100, 4))
    teacher_logits = x @ jax.random.normal(jax.random.PRNGKey(1), (4, 3))
    w = distill(x, teacher_logits)
    agree = jnp.mean(jnp.argmax(x @ w, 1) == jnp.argmax(teacher_logits, 1))
    print("agreement", float(agree))
    return float(agree)


if __name__ == "__main__":
    main()
