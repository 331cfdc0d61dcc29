import math

from train import main


def test_tagger_loss_is_finite():
    assert math.isfinite(main())
