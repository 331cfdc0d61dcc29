"""Hinge losses (Lim & Ye 2017; used by SAGAN and BigGAN)."""
import jax
import jax.numpy as jnp


def d_hinge(d_real, d_fake):
    real_term = jnp.mean(jax.nn.relu(1.0 - d_real), axis=0)
    fake_term = jnp.mean(jax.nn.relu(1.0 + d_fake), axis=0)
    return real_term + fake_term


def g_hinge(d_fake):
    return -jnp.mean(d_fake)
