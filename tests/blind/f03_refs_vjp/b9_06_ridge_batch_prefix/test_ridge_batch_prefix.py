import jax

from model import new_params
from solver import descend, synthetic


def test_descent_lowers_loss():
    params = new_params(3)
    batch = synthetic(jax.random.key(1))
    first = descend(params, batch, steps=1)
    assert descend(params, batch, steps=5) < first
