"""Trains the regressor with dropout and reports the deterministic validation error."""
import jax
import jax.numpy as jnp

from model import apply_model, init


def mse(params, x, y, key):
    return jnp.mean((apply_model(params, x, key, False) - y) ** 2)


@jax.jit
def train_step(params, x, y, key, lr=0.05):
    loss, grads = jax.value_and_grad(mse)(params, x, y, key)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def evaluate(params, x, y):
    pred = apply_model(params, x, jax.random.key(0), True)
    return float(jnp.mean((pred - y) ** 2))


def run(steps=40):
    kx, kp, kd = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(kx, (200, 3))
    y = jnp.sin(x[:, 0]) + 0.5 * x[:, 1] * x[:, 2]
    params = init(kp, [3, 64, 64, 1])
    for key in jax.random.split(kd, steps):
        params, loss = train_step(params, x[:150], y[:150], key)
    return float(loss), evaluate(params, x[150:], y[150:])


def main():
    train_loss, val_loss = run()
    print(f"train {train_loss:.4f}  val {val_loss:.4f}")


if __name__ == "__main__":
    main()
