import jax.numpy as jnp

from epi import SEIRParams, SolverConfig, simulate
from fit import update


def test_one_update_is_finite():
    cfg = SolverConfig(n_days=10)
    y0 = jnp.array([0.999, 0.0, 0.001, 0.0])
    p = SEIRParams(jnp.log(0.3), jnp.log(0.2), jnp.log(0.1))
    observed = simulate(p, cfg, y0)
    _, value = update(p, cfg, y0, observed)
    assert jnp.isfinite(value)
