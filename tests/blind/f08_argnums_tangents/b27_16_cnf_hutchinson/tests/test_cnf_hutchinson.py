import jax

from train import init, step


def test_step_runs():
    xs = jax.random.normal(jax.random.key(5), (8, 2))
    params, value = step(init(jax.random.key(6)), xs, jax.random.key(7))
    assert value.shape == ()
