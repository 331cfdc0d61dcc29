import jax

import regimen


def test_penalty_gradient():
    doses, times = regimen.standard_regimen()
    g = jax.grad(regimen.window_penalty)(doses, times)
    assert g.shape == doses.shape
