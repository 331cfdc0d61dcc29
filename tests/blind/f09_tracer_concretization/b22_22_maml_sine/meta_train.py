"""Outer loop: Adam-free meta-SGD over batches of sine tasks."""

import jax
import jax.numpy as jnp

from hparams import MetaHParams
from maml import init, meta_loss


def sample_tasks(key, hp, n_tasks=16):
    ka, kp, kx = jax.random.split(key, 3)
    amp = jax.random.uniform(ka, (n_tasks, 1, 1), minval=0.1, maxval=5.0)
    phase = jax.random.uniform(kp, (n_tasks, 1, 1), maxval=jnp.pi)
    x = jax.random.uniform(kx, (n_tasks, hp.n_support + hp.n_query, 1), minval=-5.0, maxval=5.0)
    y = amp * jnp.sin(x + phase)
    s = hp.n_support
    return {"xs": x[:, :s], "ys": y[:, :s], "xq": x[:, s:], "yq": y[:, s:]}


@jax.jit
def meta_step(params, tasks, hp, outer_lr=1e-3):
    value, grads = jax.value_and_grad(meta_loss)(params, tasks, hp)
    return jax.tree.map(lambda p, g: p - outer_lr * g, params, grads), value


def main(steps=20):
    hp = MetaHParams()
    params = init(jax.random.key(0))
    for key in jax.random.split(jax.random.key(1), steps):
        params, value = meta_step(params, sample_tasks(key, hp), hp)
    print("meta loss", value)
    return value


if __name__ == "__main__":
    main()
