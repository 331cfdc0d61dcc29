import jax.numpy as jnp

from regression import train


def test_noise_scale_stays_scalar():
    w, log_sigma = train(steps=1)
    assert log_sigma.shape == ()
    assert bool(jnp.all(jnp.isfinite(w)))
