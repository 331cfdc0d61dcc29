import jax
import jax.numpy as jnp

from config import EVAL, TRAIN
from objectives import OBJECTIVES


def predict(w, x):
    return x @ w


def make_update(objective, lr):
    loss = lambda w, x, y: objective(predict(w, x), y)

    @jax.jit
    def update(w, x, y):
        return w - lr * jax.grad(loss)(w, x, y)

    return update


def main():
    n_tags = len(TRAIN["tags"])
    x = jax.random.normal(jax.random.key(0), (200, 12))
    true_w = jax.random.normal(jax.random.key(1), (12, n_tags))
    y = (x @ true_w > 0).astype(jnp.float32)
    w = jnp.zeros((12, n_tags))
    update = make_update(OBJECTIVES[TRAIN["objective"]], TRAIN["lr"])
    for _ in range(TRAIN["epochs"]):
        w = update(w, x, y)
    report = {m: float(OBJECTIVES[m](predict(w, x), y)) for m in EVAL["metrics"]}
    print(report)
    return report


if __name__ == "__main__":
    main()
