import math

from train import main


def test_moe_training_loss_is_finite():
    assert math.isfinite(main())
