"""Knowledge distillation of a linear teacher into a student with a learned temperature."""
import jax
import jax.numpy as jnp

from utils import grads_of, sgd

DIFF_ARGNUMS = (0, 2)


def kd_loss(student, batch, log_temp, alpha=0.5):
    x, teacher_logits, labels = batch
    t = jnp.exp(log_temp)
    s_logits = x @ student["w"] + student["b"]
    soft_t = jax.nn.softmax(teacher_logits / t)
    soft_s = jax.nn.log_softmax(s_logits / t)
    kd = -jnp.mean(jnp.sum(soft_t * soft_s, -1)) * t**2
    ce = -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(s_logits), labels[:, None], -1))
    return alpha * kd + (1 - alpha) * ce


def make_batch(key, n=64, d=8, k=4):
    k1, k2 = jax.random.split(key)
    x = jax.random.normal(k1, (n, d))
    w_teacher = jax.random.normal(k2, (d, k))
    logits = x @ w_teacher
    return x, logits, jnp.argmax(logits, -1)


def train(state, batch, lr=0.1, steps=10):
    for _ in range(steps):
        loss, (g_student, g_temp) = grads_of(
            kd_loss, DIFF_ARGNUMS, state["student"], batch, log_temp=state["log_temp"]
        )
        state = {
            "student": sgd(state["student"], g_student, lr),
            "log_temp": state["log_temp"] - lr * g_temp,
        }
    return state, loss


def main():
    batch = make_batch(jax.random.PRNGKey(0))
    state = {"student": {"w": jnp.zeros((8, 4)), "b": jnp.zeros(4)}, "log_temp": jnp.log(2.0)}
    state, loss = train(state, batch)
    print("loss", loss, "temperature", jnp.exp(state["log_temp"]))


if __name__ == "__main__":
    main()
