"""Distils a wide teacher MLP into a small student."""
import jax
import jax.numpy as jnp

from losses import distillation_loss


def mlp_init(key, sizes, scale=1.0):
    keys = jax.random.split(key, len(sizes) - 1)
    return [(scale * jax.random.normal(k, (m, n)) / jnp.sqrt(m), jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]


def mlp_apply(layers, x):
    for w, b in layers[:-1]:
        x = jax.nn.gelu(x @ w + b)
    w, b = layers[-1]
    return x @ w + b


def student_loss(student, teacher, x, y):
    return distillation_loss(mlp_apply(student, x), mlp_apply(teacher, x), y)


@jax.jit
def distill_step(student, teacher, x, y, lr=0.1):
    loss, grads = jax.value_and_grad(student_loss)(student, teacher, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, student, grads), loss


def run(steps=20):
    x = jax.random.normal(jax.random.key(0), (128, 10))
    teacher = mlp_init(jax.random.key(1), [10, 128, 128, 5], scale=1.5)
    y = jnp.argmax(mlp_apply(teacher, x), axis=-1)
    student = mlp_init(jax.random.key(2), [10, 16, 5])
    loss = None
    for _ in range(steps):
        student, loss = distill_step(student, teacher, x, y)
    return float(loss)


def main():
    print("distillation loss", run())


if __name__ == "__main__":
    main()
