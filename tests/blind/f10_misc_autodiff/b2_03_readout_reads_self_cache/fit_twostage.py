import jax
import jax.numpy as jnp

from twostage import TwoStageRegressor


def main(steps=5):
    model = TwoStageRegressor()
    k1, k2, k3 = jax.random.split(jax.random.key(41), 3)
    x = jax.random.normal(k1, (24, 3))
    y = jnp.sin(x[:, :1])
    params = {"enc": 0.5 * jax.random.normal(k2, (3, 6)), "dec": 0.5 * jax.random.normal(k3, (6, 1))}
    grad_fn = jax.grad(jax.jit(model.loss))
    for _ in range(steps):
        grads = grad_fn(params, x, y)
        params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    err = float(model.loss(params, x, y))
    print("mse", err)
    return err


if __name__ == "__main__":
    main()
