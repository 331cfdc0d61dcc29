import jax.numpy as jnp

import study


def test_u_value_is_symmetric():
    q, dq = study.main()
    assert jnp.allclose(dq[0], -dq[1], rtol=1e-4)
