import jax.numpy as jnp

from solver import locate


def test_locates_point():
    anchors = jnp.array([[0.0, 0.0], [4.0, 0.0], [0.0, 3.0], [4.0, 3.0]])
    truth = jnp.array([1.2, 2.1])
    ranges = jnp.linalg.norm(anchors - truth, axis=-1)
    p = locate(anchors, ranges, jnp.array([2.0, 1.0]))
    assert jnp.allclose(p, truth, atol=1e-3)
