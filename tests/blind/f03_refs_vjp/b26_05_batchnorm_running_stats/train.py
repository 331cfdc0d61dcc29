"""Binary classification with a BatchNorm MLP; evaluation uses the running statistics."""
import jax
import jax.numpy as jnp

from layers import MLP

model = MLP(8, 16, 1)


def bce(params, x, y):
    logits = model(params, x)[:, 0]
    return jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)


@jax.jit
def train_step(params, x, y, lr=0.2):
    loss, grads = jax.value_and_grad(bce)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def run(steps=25):
    params = model.init(jax.random.key(0))
    x = 3.0 + 2.0 * jax.random.normal(jax.random.key(1), (128, 8))
    y = (x[:, 0] > 3.0).astype(jnp.float32)
    model.train()
    for _ in range(steps):
        params, loss = train_step(params, x, y)
    model.eval()
    acc = jnp.mean((model(params, x)[:, 0] > 0) == (y > 0.5))
    return float(loss), float(acc)


def main():
    loss, acc = run()
    print(f"loss {loss:.3f}  eval acc {acc:.3f}")


if __name__ == "__main__":
    main()
