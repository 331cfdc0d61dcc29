import jax
import jax.numpy as jnp

from layers import ResidualBlock


def main(steps=3):
    block = ResidualBlock(4, jax.random.key(0))
    params = block.init()
    x = jax.random.normal(jax.random.key(1), (10, 4))
    target = jnp.roll(x, 1, axis=-1)

    def loss_fn(p):
        return jnp.mean((block(p, x) - target) ** 2)

    for _ in range(steps):
        grads = jax.grad(loss_fn)(params)
        params = {k: params[k] - 0.1 * grads[k] for k in params}
    out = float(loss_fn(params))
    print("loss", out)
    return out


if __name__ == "__main__":
    main()
