"""Kitagawa's nonstationary growth model."""
import jax
import jax.numpy as jnp


def transition(key, x, t, q=10.0):
    mean = 0.5 * x + 25.0 * x / (1.0 + x**2) + 8.0 * jnp.cos(1.2 * t)
    return mean + jnp.sqrt(q) * jax.random.normal(key, x.shape)


def log_obs(y, x, r=1.0):
    return -0.5 * (y - x**2 / 20.0) ** 2 / r


def simulate(key, n_steps=50):
    def body(x, inp):
        t, k = inp
        k1, k2 = jax.random.split(k)
        x = transition(k1, x, t)
        y = x**2 / 20.0 + jax.random.normal(k2)
        return x, (x, y)

    ts = jnp.arange(1.0, n_steps + 1.0)
    _, (xs, ys) = jax.lax.scan(body, jnp.float32(0.1), (ts, jax.random.split(key, n_steps)))
    return xs, ys
