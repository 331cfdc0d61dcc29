"""Knowledge distillation: a student matches a teacher's softened outputs."""

import jax
import jax.numpy as jnp


def init_student(key, d_in, n_classes):
    kw, _ = jax.random.split(key)
    return {
        "w": 0.1 * jax.random.normal(kw, (d_in, n_classes)),
        "b": jnp.zeros(n_classes),
        "log_temp": 1,
    }


def distill_loss(student, x, teacher_logits):
    t = jnp.exp(student["log_temp"])
    s = (x @ student["w"] + student["b"]) / t
    p_teacher = jax.nn.softmax(teacher_logits / t)
    return -jnp.mean(jnp.sum(p_teacher * jax.nn.log_softmax(s), axis=-1))
