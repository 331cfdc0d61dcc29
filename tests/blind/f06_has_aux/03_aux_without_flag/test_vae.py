import math

import train


def test_elbo_finite():
    assert math.isfinite(train.main())
