"""Train the beta-VAE with Adam-free SGD on a toy dataset."""
import jax
import jax.numpy as jnp

from vae.networks import init_vae
from vae.objective import negative_elbo


def train(steps=10, lr=1e-3, batch=32):
    kd, kp, kn = jax.random.split(jax.random.key(0), 3)
    x = jax.random.normal(kd, (batch, 6))
    params = init_vae(kp, 6, 16, 2)
    for key in jax.random.split(kn, steps):
        loss, grads = jax.value_and_grad(negative_elbo)(params, x, key)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return loss


def main():
    print("negative ELBO", float(train()))


if __name__ == "__main__":
    main()
