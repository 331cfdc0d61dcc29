import math

import train


def test_loss_finite():
    assert math.isfinite(train.main())
