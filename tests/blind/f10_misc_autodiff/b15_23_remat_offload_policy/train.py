"""Train a tiny decoder with rematerialised blocks on a copy task."""
import jax
import jax.numpy as jnp

from lmtrain.block import block, init_block
from lmtrain.config import TrainConfig
from lmtrain.remat import policy_from_config


def build_loss(cfg):
    remat_block = jax.checkpoint(block, policy=policy_from_config(cfg.remat))

    def loss(params, x, y):
        for layer in params:
            x = remat_block(layer, x)
        return jnp.mean((x - y) ** 2)

    return loss


def train(cfg=TrainConfig()):
    m = cfg.model
    params = [init_block(k, m) for k in jax.random.split(jax.random.key(0), m.n_layers)]
    x = jax.random.normal(jax.random.key(1), (m.seq_len, m.d_model))
    y = jnp.roll(x, 1, axis=0)
    step = jax.jit(jax.value_and_grad(build_loss(cfg)))
    for _ in range(cfg.steps):
        value, grads = step(params, x, y)
        params = jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads)
    return value


def main():
    print("loss", float(train()))


if __name__ == "__main__":
    main()
