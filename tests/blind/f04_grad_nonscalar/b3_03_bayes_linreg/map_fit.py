"""MAP estimate of the weights by gradient ascent on the log joint."""
import jax
import jax.numpy as jnp

from model import LinearModel

MODEL = LinearModel()


@jax.jit
@jax.value_and_grad
def objective(w, x, y):
    return -MODEL.log_joint(w, x, y)


def fit(x, y, steps=200, lr=1e-3):
    w = jnp.zeros(x.shape[1])
    for _ in range(steps):
        value, g = objective(w, x, y)
        w = w - lr * g
    return w, value


def main():
    key = jax.random.PRNGKey(42)
    kx, kn = jax.random.split(key)
    x = jax.random.normal(kx, (100, 4))
    true_w = jnp.array([1.0, -2.0, 0.5, 0.0])
    y = x @ true_w + 0.3 * jax.random.normal(kn, (100,))
    w, value = fit(x, y)
    print("MAP weights", w, "neg log joint", float(value))
    return w


if __name__ == "__main__":
    main()
