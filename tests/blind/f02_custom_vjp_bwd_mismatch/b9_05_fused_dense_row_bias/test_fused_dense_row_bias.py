import jax

from regress import data, init, mse, sgd


def test_sgd_step_keeps_shapes():
    params = init(jax.random.key(0))
    x, y = data(jax.random.key(1))
    new = sgd(params, x, y)
    assert jax.tree.map(lambda a: a.shape, new) == jax.tree.map(lambda a: a.shape, params)
