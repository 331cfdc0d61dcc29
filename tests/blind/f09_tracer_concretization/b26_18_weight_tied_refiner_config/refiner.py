"""A weight-tied iterative refiner: the same residual block applied n_iters times."""
import jax
import jax.numpy as jnp


def init(key, cfg):
    k1, k2, k3 = jax.random.split(key, 3)
    return {
        "encode": jax.random.normal(k1, (cfg.d_in, cfg.d_hidden)) / jnp.sqrt(cfg.d_in),
        "block": jax.random.normal(k2, (cfg.d_hidden, cfg.d_hidden)) / jnp.sqrt(cfg.d_hidden),
        "readout": jax.random.normal(k3, (cfg.d_hidden,)) / jnp.sqrt(cfg.d_hidden),
    }


def refine(params, x, cfg):
    z = jnp.tanh(x @ params["encode"])
    for _ in range(cfg.n_iters):
        z = z + cfg.step_size * jnp.tanh(z @ params["block"])
    return z @ params["readout"]
