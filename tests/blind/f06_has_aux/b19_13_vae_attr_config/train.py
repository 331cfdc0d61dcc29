"""Config-driven training loop for the VAE."""

import functools

import jax
import jax.numpy as jnp

from configs import get_config
from vae import LOSSES, init_vae


def build_step(cfg):
    loss_fn = functools.partial(LOSSES[cfg.loss.name], beta=cfg.loss.beta)
    grad_fn = jax.value_and_grad(loss_fn, has_aux=cfg.loss.has_aux)

    @jax.jit
    def step(params, x, key):
        out, grads = grad_fn(params, x, key)
        loss, logs = out if cfg.loss.has_aux else (out, {})
        params = jax.tree.map(lambda p, g: p - cfg.optim.lr * g, params, grads)
        return params, loss, logs

    return step


def main(cfg=None):
    cfg = cfg or get_config()
    key = jax.random.PRNGKey(cfg.seed)
    params = init_vae(key, **cfg.model)
    basis = jax.random.normal(jax.random.fold_in(key, 1), (2, cfg.model.d_in))
    step = build_step(cfg)
    for i in range(cfg.optim.steps):
        kx, kz = jax.random.split(jax.random.fold_in(key, 100 + i))
        x = jax.random.normal(kx, (cfg.optim.batch, 2)) @ basis
        params, loss, logs = step(params, x, kz)
    print("final loss:", float(loss), {k: float(v) for k, v in logs.items()})
    return float(loss)


if __name__ == "__main__":
    main()
