"""Smooth (log-sum-exp) maximum with a numerically safe derivative, built per temperature."""

import jax
import jax.numpy as jnp


def make_smooth_max(temperature=0.1, axis=-1):
    @jax.custom_jvp
    def smooth_max(x):
        m = jax.lax.stop_gradient(x.max(axis=axis, keepdims=True))
        return (m + temperature * jnp.log(jnp.sum(jnp.exp((x - m) / temperature), axis=axis, keepdims=True))).squeeze(axis)

    @smooth_max.defjvp
    def smooth_max_jvp(primals, tangents):
        (x,), (t,) = primals, tangents
        y = smooth_max(x)
        weights = jax.nn.softmax(x / temperature, axis=axis)
        return y, jnp.sum(weights * t, axis=axis)

    return smooth_max
