import math

from config import RefinerConfig
from train import run


def test_weight_tied_refiner_config():
    assert math.isfinite(run(RefinerConfig(train_steps=2)))
