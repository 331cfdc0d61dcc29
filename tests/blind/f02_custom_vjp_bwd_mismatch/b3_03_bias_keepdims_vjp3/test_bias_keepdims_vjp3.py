import math

import train


def test_epoch_runs():
    assert math.isfinite(train.main())
