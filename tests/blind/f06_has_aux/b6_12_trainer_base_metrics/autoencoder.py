"""A sparse linear autoencoder trained with the shared Trainer."""

import jax
import jax.numpy as jnp

from base_trainer import Trainer


class SparseAutoencoderTrainer(Trainer):
    def __init__(self, d_data, d_code, sparsity=0.05, **kwargs):
        self.d_data = d_data
        self.d_code = d_code
        self.sparsity = sparsity
        super().__init__(**kwargs)

    def init_params(self, key):
        k1, k2 = jax.random.split(key)
        return {
            "enc": jax.random.normal(k1, (self.d_data, self.d_code)) * 0.1,
            "dec": jax.random.normal(k2, (self.d_code, self.d_data)) * 0.1,
        }

    def compute_loss(self, params, batch):
        codes = jax.nn.relu(batch @ params["enc"])
        recon = jnp.mean((codes @ params["dec"] - batch) ** 2)
        l1 = jnp.mean(jnp.abs(codes))
        return recon + self.sparsity * l1


def make_batches(key, n_batches, batch_size, d_data):
    basis = jax.random.normal(key, (4, d_data))
    keys = jax.random.split(key, n_batches)
    return [jax.random.laplace(k, (batch_size, 4)) @ basis for k in keys]


def main():
    trainer = SparseAutoencoderTrainer(d_data=16, d_code=8, learning_rate=0.05, log_every=5)
    batches = make_batches(jax.random.PRNGKey(0), 30, 64, 16)
    trainer.fit(jax.random.PRNGKey(1), batches)
    for row in trainer.history:
        print(row)
    return trainer.history


if __name__ == "__main__":
    main()
