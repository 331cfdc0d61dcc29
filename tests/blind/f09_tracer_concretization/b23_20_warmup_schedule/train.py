import jax
import jax.numpy as jnp

from schedule import WarmupCosine

schedule = WarmupCosine(base_lr=0.1, warmup=10, total=100)


def loss_fn(w, x, y):
    return jnp.mean((x @ w - y) ** 2)


@jax.jit
def train_step(w, x, y, step):
    lr = schedule(step)
    return w - lr * jax.grad(loss_fn)(w, x, y)


def main(steps=100):
    x = jax.random.normal(jax.random.key(0), (128, 5))
    y = x @ jnp.arange(1.0, 6.0)
    w = jnp.zeros(5)
    for step in range(steps):
        w = train_step(w, x, y, step)
    print("weights", w)
    return w


if __name__ == "__main__":
    main()
