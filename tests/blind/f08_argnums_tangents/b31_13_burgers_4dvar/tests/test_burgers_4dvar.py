import jax.numpy as jnp

import assimilate


def test_4dvar_iterations_run():
    J = assimilate.main(iterations=2)
    assert jnp.isfinite(J)
