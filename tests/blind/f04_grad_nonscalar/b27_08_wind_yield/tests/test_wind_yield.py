import jax.numpy as jnp

from design import step


def test_step_keeps_scalars():
    params = step({"radius": jnp.float32(40.0), "rated_kw": jnp.float32(2000.0)})
    assert params["radius"].shape == ()
