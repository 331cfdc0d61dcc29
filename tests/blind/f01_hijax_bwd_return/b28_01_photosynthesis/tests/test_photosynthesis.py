import jax

from fit_canopy import LIGHT, OBSERVED, canopy_loss


def test_gradient_wrt_amax_is_finite():
    params = {"alpha": 0.05, "amax": 20.0}
    grads = jax.grad(canopy_loss)(params, LIGHT, OBSERVED)
    assert jax.numpy.isfinite(grads["amax"])
