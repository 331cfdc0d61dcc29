import jax
import jax.numpy as jnp

from losses import LossConfig, build_loss
from model import make_objective

TRAIN_LOSS = LossConfig(name="huber", delta=0.5)


def fit(steps=40, lr=0.1):
    x = jax.random.normal(jax.random.key(0), (64, 2))
    y = x @ jnp.array([1.5, -2.0]) + 0.3
    params = {"w": jnp.zeros(2), "b": jnp.zeros(())}
    objective = make_objective(build_loss(TRAIN_LOSS))
    grad_fn = jax.jit(jax.grad(objective))
    for _ in range(steps):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params


def main():
    print(fit())


if __name__ == "__main__":
    main()
