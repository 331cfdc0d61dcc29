import jax
import jax.numpy as jnp

from resnet import ResMLPConfig, forward, init_params


@jax.jit
def train_step(params, cfg, x, y, lr=0.05):
    def loss(p):
        return jnp.mean((forward(p, cfg, x) - y) ** 2)

    value, grads = jax.value_and_grad(loss)(params)
    return jax.tree.map(lambda p, g: p - lr * g, params, grads), value


def main(steps=20):
    cfg = ResMLPConfig()
    x = jax.random.normal(jax.random.key(0), (64, 2))
    y = jnp.sin(x[:, :1]) * x[:, 1:]
    params = init_params(jax.random.key(1), cfg, 2)
    for _ in range(steps):
        params, value = train_step(params, cfg, x, y)
    print(f"loss {float(value):.4f}")
    return float(value)


if __name__ == "__main__":
    main()
