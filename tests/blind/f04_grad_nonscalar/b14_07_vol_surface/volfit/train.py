import functools

import jax

from volfit.losses import surface_mse, wing_penalty


def make_step(cfg):
    def objective(params, k, t, quotes):
        return surface_mse(params, k, t, quotes) + wing_penalty(params, cfg.wing_penalty)

    @jax.jit
    def step(params, k, t, quotes):
        loss, grads = jax.value_and_grad(objective)(params, k, t, quotes)
        params = jax.tree.map(lambda p, g: p - cfg.learning_rate * g, params, grads)
        return params, loss

    return step


def fit(params, k, t, quotes, cfg):
    step = make_step(cfg)
    for _ in range(cfg.steps):
        params, loss = step(params, k, t, quotes)
    return params, loss
