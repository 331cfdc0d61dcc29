import jax
import jax.numpy as jnp


def one_step_errors(params, smoothing, series):
    alpha, beta = smoothing
    level0 = params["level"][...]
    trend0 = params["trend"][...]

    def step(carry, y):
        level, trend = carry
        pred = level + trend
        new_level = alpha * y + (1 - alpha) * pred
        new_trend = beta * (new_level - level) + (1 - beta) * trend
        return (new_level, new_trend), y - pred

    _, errors = jax.lax.scan(step, (level0, trend0), series)
    return errors


def sse(params, smoothing, series):
    return jnp.sum(one_step_errors(params, smoothing, series) ** 2)
