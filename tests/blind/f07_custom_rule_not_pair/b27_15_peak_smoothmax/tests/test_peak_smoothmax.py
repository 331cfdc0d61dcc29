import jax
import jax.numpy as jnp

from calibrate import chromatograms, peak_loss


def test_gain_gradient():
    t = jnp.linspace(0.0, 10.0, 100)
    signal = chromatograms(t, jnp.array([3.0, 6.0]), jnp.array([0.3, 0.3]))
    g = jax.grad(peak_loss)(jnp.zeros(2), signal, jnp.array([1.0, 2.0]))
    assert g.shape == (2,)
