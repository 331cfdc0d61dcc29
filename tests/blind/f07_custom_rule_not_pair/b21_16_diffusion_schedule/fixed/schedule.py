"""Cosine noise schedule (Nichol & Dhariwal, 2021) with a derivative that ignores the clip."""
import jax
import jax.numpy as jnp

from diffusion_utils import cosine_f, dalpha_dt


@jax.custom_jvp
def alpha_bar(t):
    return jnp.clip(cosine_f(t) / cosine_f(0.0), 1e-5, 1.0)


@alpha_bar.defjvp
def _alpha_bar_jvp(primals, tangents):
    (t,), (t_dot,) = primals, tangents
    slope = dalpha_dt(t)
    return alpha_bar(t), slope.reshape(t.shape) * t_dot
