import math

from train import main


def test_training_loss_is_finite():
    assert math.isfinite(main(epochs=2))
