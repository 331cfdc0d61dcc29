"""Train a tiny keyword-spotting classifier on synthetic MFCC frames."""

import dataclasses
import functools

import jax
import jax.numpy as jnp

from layers import apply_mlp, init_mlp
from logbook import BACKWARD_LOG


@dataclasses.dataclass(frozen=True)
class TrainConfig:
    n_features: int = 13
    hidden: int = 32
    n_classes: int = 4
    batch_size: int = 64
    learning_rate: float = 0.05
    steps: int = 5


def cross_entropy(params, x, y):
    logits = apply_mlp(params, x)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, y[:, None], axis=1))


@functools.partial(jax.jit, static_argnums=0)
def train_step(cfg, params, x, y):
    loss, grads = jax.value_and_grad(cross_entropy)(params, x, y)
    params = jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads)
    return params, loss


def synthetic_batch(key, cfg):
    kx, ky = jax.random.split(key)
    y = jax.random.randint(ky, (cfg.batch_size,), 0, cfg.n_classes)
    centers = jnp.linspace(-2.0, 2.0, cfg.n_classes)[:, None] * jnp.ones(cfg.n_features)
    x = centers[y] + jax.random.normal(kx, (cfg.batch_size, cfg.n_features))
    return x, y


def main(cfg=TrainConfig()):
    key = jax.random.PRNGKey(0)
    params = init_mlp(key, (cfg.n_features, cfg.hidden, cfg.hidden, cfg.n_classes))
    losses = []
    for step in range(cfg.steps):
        x, y = synthetic_batch(jax.random.fold_in(key, step), cfg)
        params, loss = train_step(cfg, params, x, y)
        losses.append(float(loss))
    BACKWARD_LOG.flush()
    print("losses:", [round(v, 4) for v in losses])
    return losses


if __name__ == "__main__":
    main()
