import jax.numpy as jnp

from report import sensitivities


def test_every_sensitivity_is_finite():
    out = sensitivities()
    assert set(out) == {"gain", "dynamics", "actuation", "state_weight"}
    assert out["state_weight"].shape == (4, 4)
    assert all(bool(jnp.all(jnp.isfinite(g))) for g in out.values())
