import math

import train


def test_update_runs():
    assert math.isfinite(train.main())
