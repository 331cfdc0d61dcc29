"""Fit each sensor's gain and offset against a reference thermometer."""
import jax
import jax.numpy as jnp


def residual_loss(gain, offset, raw, reference):
    corrected = raw * gain + offset
    return jnp.mean((corrected - reference[:, None]) ** 2)


def calibration_round(store, raw, reference, lr=0.05, steps=50):
    for _ in range(steps):
        g_gain, g_off = jax.grad(residual_loss, argnums=(0, 1))(store.gain, store.offset[...], raw, reference)
        store.gain[...] -= lr * g_gain
        store.offset[...] -= lr * g_off
    return residual_loss(store.gain[...], store.offset[...], raw, reference)
