import jax
import jax.numpy as jnp


def init_params(key, cfg, d_in):
    keys = jax.random.split(key, cfg.n_blocks + 2)
    return {"inp": jax.random.normal(keys[0], (d_in, cfg.width)) / jnp.sqrt(d_in),
            "blocks": jnp.stack([jax.random.normal(k, (cfg.width, cfg.width)) / jnp.sqrt(cfg.width)
                                 for k in keys[1:-1]]),
            "out": jax.random.normal(keys[-1], (cfg.width, 1)) / jnp.sqrt(cfg.width)}


def forward(params, cfg, x):
    h = x @ params["inp"]
    for i in range(cfg.n_blocks):
        h = h + cfg.residual_scale * jnp.tanh(h @ params["blocks"][i])
    return h @ params["out"]
