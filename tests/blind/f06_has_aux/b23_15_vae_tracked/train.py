import jax
import jax.numpy as jnp

from vae import elbo_loss, init


@jax.jit
def train_step(params, x, key, lr=0.01):
    (loss, aux), grads = jax.value_and_grad(elbo_loss, has_aux=True)(params, x, key)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss, aux


def main(steps=50):
    x = jax.random.normal(jax.random.key(0), (256, 2)) @ jax.random.normal(jax.random.key(1), (2, 8))
    params = init(jax.random.key(2))
    key = jax.random.key(3)
    for i in range(steps):
        key, sub = jax.random.split(key)
        params, loss, aux = train_step(params, x, sub)
    print("loss", float(loss), {k: float(v) for k, v in aux.items()})
    return float(loss)


if __name__ == "__main__":
    main()
