import jax
import jax.numpy as jnp

from model import accuracy, bce, init_params

COLUMNS = ["income", "debt_ratio", "age", "open_lines", "late_payments"]


def load_applicants(n=300):
    x = jax.random.normal(jax.random.key(0), (n, len(COLUMNS)))
    score = x @ jnp.array([1.2, -1.5, 0.4, 0.1, -2.0]) + 0.3
    return x, (score > 0).astype(jnp.float32)


@jax.jit
def update(params, x, y, lr=0.5):
    loss, grads = jax.value_and_grad(bce)(params, x, y)
    return {k: params[k] - lr * grads[k] for k in params}, loss


def main(epochs=50):
    x, y = load_applicants()
    params = init_params(len(COLUMNS))
    for _ in range(epochs):
        params, loss = update(params, x, y)
    acc = accuracy(params, x, y)
    print(f"loss {float(loss):.3f} accuracy {float(acc):.3f}")
    return acc


if __name__ == "__main__":
    main()
