from config import PendulumConfig
from dynamics import sensitivity


def test_sensitivity_has_state_shape():
    assert sensitivity(PendulumConfig(steps=50)).shape == (2,)
