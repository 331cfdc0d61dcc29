"""Trains the VAE on random binary patterns."""
import jax
import jax.numpy as jnp

from trainer import adam, make_update_fn
from vae import init_vae, negative_elbo


def run(steps=30):
    key = jax.random.key(0)
    data = (jax.random.uniform(jax.random.key(1), (128, 20)) < 0.3).astype(jnp.float32)
    params = init_vae(key, 20, 32, 4)
    optimizer = adam(3e-3)
    opt_state = optimizer[0](params)
    update = make_update_fn(negative_elbo, optimizer)
    metrics = {}
    for step_key in jax.random.split(jax.random.key(2), steps):
        params, opt_state, metrics = update(params, opt_state, data, step_key)
    return {k: float(v) for k, v in metrics.items()}


def main():
    print(run())


if __name__ == "__main__":
    main()
