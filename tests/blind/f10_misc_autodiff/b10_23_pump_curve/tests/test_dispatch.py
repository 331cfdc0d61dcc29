import jax.numpy as jnp

from dispatch import dispatch


def test_flows_meet_demand():
    flows, _ = dispatch(steps=2)
    assert jnp.allclose(flows.sum(), 90.0, rtol=1e-4)
