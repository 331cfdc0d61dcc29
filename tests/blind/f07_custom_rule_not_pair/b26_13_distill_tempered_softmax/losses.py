"""Knowledge-distillation loss of Hinton et al. (2015)."""
import jax
import jax.numpy as jnp

from kernels import tempered_softmax


def distillation_loss(student_logits, teacher_logits, labels, temperature=4.0, alpha=0.7):
    p_student = tempered_softmax(student_logits, temperature)
    p_teacher = jax.lax.stop_gradient(jax.nn.softmax(teacher_logits / temperature, axis=-1))
    soft = jnp.sum(p_teacher * (jnp.log(p_teacher + 1e-9) - jnp.log(p_student + 1e-9)), axis=-1)
    logp = jax.nn.log_softmax(student_logits)
    hard = -jnp.take_along_axis(logp, labels[:, None], axis=-1)[:, 0]
    return jnp.mean(alpha * temperature**2 * soft + (1 - alpha) * hard)
