import jax
import jax.numpy as jnp

from nnkit import init_mlp, mlp_apply


def loss_fn(params, x, y):
    return jnp.mean((mlp_apply(params, x) - y) ** 2)


@jax.jit
def train_step(params, x, y, lr=0.05):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), loss


def main(steps=20):
    x = jnp.linspace(-2.0, 2.0, 64)[:, None]
    y = jnp.sin(2.0 * x)
    params = init_mlp(jax.random.key(0), [1, 16, 1])
    for _ in range(steps):
        params, loss = train_step(params, x, y)
    print(f"loss {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
