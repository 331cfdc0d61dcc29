import jax.numpy as jnp

import run


def test_state_stays_on_limit_cycle():
    y = run.main(t_end=5.0)
    assert bool(jnp.all(jnp.isfinite(y)))
