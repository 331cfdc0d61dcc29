import jax
import jax.numpy as jnp

from fit import DOSE, DT, N_STEPS, make_loss
from monitor import TrajectoryRecorder
from pk import simulate


def test_gradient_with_recorder():
    c_obs = simulate(jnp.array([2.0, 10.0, 1.5, 20.0]), DOSE, N_STEPS, DT)
    recorder = TrajectoryRecorder(N_STEPS, 2)
    g = jax.grad(make_loss(c_obs, recorder))(jnp.zeros(4))
    assert g.shape == (4,)
