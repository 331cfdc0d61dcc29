import jax
import jax.numpy as jnp

from fit_pk import DOSES, OBS, TIMES, nll


def test_gradient_points_towards_truth():
    log_k = jnp.log(jnp.full(5, 0.1))
    g = jax.grad(nll)(log_k, DOSES, TIMES, jnp.asarray(OBS))
    assert g.shape == (5,)
