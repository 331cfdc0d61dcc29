import jax.numpy as jnp

from config import PKConfig
from pk import concentration, params_from_config, sensitivity


def test_sensitivity_is_finite():
    cfg = PKConfig(n_steps=20)
    observed = concentration(params_from_config(PKConfig(k_el=0.3, n_steps=20)), 100.0, 0.1, 20) * 1.1
    grads = sensitivity(cfg, observed)
    assert all(bool(jnp.isfinite(g)) for g in grads.values())
