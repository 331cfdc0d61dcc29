"""Sinusoid regression tasks (Finn et al., 2017)."""
import jax
import jax.numpy as jnp


def sample_task(key, k_shot=10):
    ka, kp, kx, kq = jax.random.split(key, 4)
    amp = jax.random.uniform(ka, minval=0.1, maxval=5.0)
    phase = jax.random.uniform(kp, minval=0.0, maxval=jnp.pi)
    xs = jax.random.uniform(kx, (k_shot, 1), minval=-5.0, maxval=5.0)
    xq = jax.random.uniform(kq, (k_shot, 1), minval=-5.0, maxval=5.0)
    return (xs, amp * jnp.sin(xs + phase)), (xq, amp * jnp.sin(xq + phase))


def sample_tasks(key, n):
    return jax.vmap(sample_task)(jax.random.split(key, n))
