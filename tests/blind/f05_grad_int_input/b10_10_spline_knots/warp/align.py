"""Align a template signal to an observed one by warping its time axis."""
import jax
import jax.numpy as jnp


def warped(template, spline, times):
    return jnp.interp(spline(times), times, template)


def alignment_loss(spline, template, observed, times):
    return jnp.mean((warped(template, spline, times) - observed) ** 2)


alignment_grad = jax.value_and_grad(alignment_loss)
