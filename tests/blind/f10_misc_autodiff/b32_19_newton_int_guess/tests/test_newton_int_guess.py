import jax.numpy as jnp

import newton


def test_roots_solve_systems():
    roots = newton.main()
    for name, (F, _) in newton.SYSTEMS.items():
        assert jnp.allclose(F(roots[name]), 0.0, atol=1e-4)
