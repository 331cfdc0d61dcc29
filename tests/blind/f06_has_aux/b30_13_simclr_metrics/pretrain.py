"""Contrastive pre-training on two noisy views of the same feature vectors."""
import jax
import jax.numpy as jnp

from encoders import init, nt_xent


def augment(key, x, noise=0.3):
    k1, k2 = jax.random.split(key)
    drop = jax.random.bernoulli(k1, 0.9, x.shape)
    return x * drop + noise * jax.random.normal(k2, x.shape)


@jax.jit
def step(params, key, x, lr=0.05):
    ka, kb = jax.random.split(key)
    (loss, metrics), grads = jax.value_and_grad(nt_xent, has_aux=True)(
        params, augment(ka, x), augment(kb, x)
    )
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss, metrics


def main():
    key = jax.random.PRNGKey(0)
    params = init(key)
    x = jax.random.normal(jax.random.PRNGKey(1), (64, 10))
    for i in range(20):
        params, loss, metrics = step(params, jax.random.fold_in(key, i), x)
    print("loss", float(loss), "metrics", metrics)


if __name__ == "__main__":
    main()
