import jax

from demand_model import OnlineDemandModel, mse
from serve import stream


def test_one_update_moves_bias():
    model = OnlineDemandModel(4)
    x, y = next(stream(1))
    model.apply_update(jax.grad(mse)(model.params(), x, y), 0.1)
    assert float(model.b[...]) != 0.0
