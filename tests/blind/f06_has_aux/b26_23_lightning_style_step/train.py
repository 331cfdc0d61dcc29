"""Fits the count regressor on synthetic Poisson data."""
import jax
import jax.numpy as jnp

from module import CountRegressor
from trainer import Trainer


def poisson_batches(key, n=128, d=5):
    w_true = jnp.linspace(-0.5, 0.5, d)
    while True:
        key, kx, kc = jax.random.split(key, 3)
        x = jax.random.normal(kx, (n, d))
        counts = jax.random.poisson(kc, jnp.exp(x @ w_true + 0.3)).astype(jnp.float32)
        yield {"x": x, "counts": counts}


def run(max_steps=40):
    module = CountRegressor(n_features=5)
    params = module.init_params(jax.random.key(0))
    trainer = Trainer(max_steps=max_steps, lr=0.1)
    trainer.fit(module, params, poisson_batches(jax.random.key(1)))
    return trainer.logged[-1]


def main():
    print(run())


if __name__ == "__main__":
    main()
