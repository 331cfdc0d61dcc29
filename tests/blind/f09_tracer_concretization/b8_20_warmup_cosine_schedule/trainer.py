"""Ridge regression trained with a warm-up + cosine learning-rate schedule."""
import jax
import jax.numpy as jnp

from schedules import warmup_cosine

lr_schedule = warmup_cosine(peak=0.1, warmup=5, total=50)


def loss(w, x, y):
    return jnp.mean((x @ w - y) ** 2) + 1e-3 * jnp.sum(w**2)


@jax.jit
def train_step(w, step, x, y):
    g = jax.grad(loss)(w, x, y)
    return w - lr_schedule(step) * g


def fit(n_steps=10):
    x = jax.random.normal(jax.random.PRNGKey(0), (64, 3))
    y = x @ jnp.array([2.0, -1.0, 0.5])
    w = jnp.zeros(3)
    for step in range(n_steps):
        w = train_step(w, step, x, y)
    return w


def main():
    print("w", fit())


if __name__ == "__main__":
    main()
