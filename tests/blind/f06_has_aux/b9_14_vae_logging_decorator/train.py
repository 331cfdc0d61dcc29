"""Train the VAE for a few steps."""
import jax
import jax.numpy as jnp

from vae import elbo_loss, init


@jax.jit
def train_step(params, x, key, lr=0.05):
    (loss, metrics), grads = jax.value_and_grad(elbo_loss, has_aux=True)(params, x, key)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, loss, metrics


def main():
    key = jax.random.key(0)
    params = init(key)
    x = jax.random.normal(jax.random.key(1), (32, 4)) @ jnp.diag(jnp.array([2.0, 1.0, 0.5, 0.1]))
    for i in range(3):
        params, loss, metrics = train_step(params, x, jax.random.fold_in(key, i))
    print("final", loss, metrics["kl"])


if __name__ == "__main__":
    main()
