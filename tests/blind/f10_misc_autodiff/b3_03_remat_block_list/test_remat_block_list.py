import math

import model


def test_gradient_finite():
    assert math.isfinite(model.main())
