import math

import train


def test_training_runs():
    assert math.isfinite(train.main())
