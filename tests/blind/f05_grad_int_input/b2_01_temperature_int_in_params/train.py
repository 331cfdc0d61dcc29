import jax
import jax.numpy as jnp

from distill import distill_loss, init_student


def fit(student, x, teacher_logits, epochs, lr=0.5):
    update = jax.jit(jax.value_and_grad(distill_loss))
    for _ in range(epochs):
        loss, g = update(student, x, teacher_logits)
        student = jax.tree.map(lambda p, d: p - lr * d, student, g)
    return student, loss


def main(epochs=10):
    x = jax.random.normal(jax.random.key(0), (30, 5))
    teacher = x @ jnp.linspace(-1.0, 1.0, 15).reshape(5, 3)
    student, loss = fit(init_student(jax.random.key(1), 5, 3), x, teacher, epochs)
    print("distillation loss", float(loss))
    return float(loss)


if __name__ == "__main__":
    main()
