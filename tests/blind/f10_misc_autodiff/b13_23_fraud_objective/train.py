import jax
import jax.numpy as jnp

from fraud.config import SETTINGS
from fraud.objectives import OBJECTIVES, missed_frauds


def transactions(key, n=2000, d=5):
    kx, ky = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    risk = x @ jnp.array([1.2, 0.0, 0.3, 2.0, 1.5]) - 4.0
    y = (jax.random.uniform(ky, (n,)) < jax.nn.sigmoid(risk)).astype(jnp.float32)
    return x, y


def train(settings, x, y):
    objective = OBJECTIVES[settings["objective"]]
    grad_fn = jax.jit(jax.grad(objective))
    w = jnp.zeros(x.shape[1] + 1)
    for _ in range(settings["epochs"]):
        w = w - settings["learning_rate"] * grad_fn(w, x, y)
    return w


def main(epochs=SETTINGS["epochs"]):
    x, y = transactions(jax.random.key(0))
    w = train(dict(SETTINGS, epochs=epochs), x, y)
    print("missed frauds", int(missed_frauds(w, x, y)), "of", int(y.sum()))
    return w


if __name__ == "__main__":
    main()
