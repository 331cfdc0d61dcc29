import math

from train import main


def test_weighted_loss_finite():
    assert math.isfinite(main())
