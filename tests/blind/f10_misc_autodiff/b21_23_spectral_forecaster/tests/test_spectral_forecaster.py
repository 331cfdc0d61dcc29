import math

from forecaster import main


def test_training_loss_real_and_finite():
    assert math.isfinite(main())
