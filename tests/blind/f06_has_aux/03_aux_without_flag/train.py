import jax
import jax.numpy as jnp

from vae import elbo_loss


def init(key, d=6, k=2):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "enc_mu": 0.1 * jax.random.normal(k1, (d, k)),
        "enc_lv": 0.1 * jax.random.normal(k2, (d, k)),
        "dec": 0.1 * jax.random.normal(k3, (k, d)),
    }


def main(steps=5):
    params = init(jax.random.key(0))
    x = jax.random.normal(jax.random.key(1), (32, 6))
    key = jax.random.key(2)
    for i in range(steps):
        key, sub = jax.random.split(key)
        grads = jax.grad(elbo_loss)(params, x, sub)
        params = jax.tree.map(lambda p, g: p - 0.05 * g, params, grads)
    loss, parts = elbo_loss(params, x, key)
    print(loss, parts)
    return float(loss)


if __name__ == "__main__":
    main()
