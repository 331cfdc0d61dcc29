import jax

from config import LORENZ
from sensitivity import final_energy, load


def test_initial_state_gradient():
    params, s0, dt, _ = load(LORENZ)
    g = jax.grad(final_energy)(s0, params, dt, 50)
    assert g.shape == (3,)
