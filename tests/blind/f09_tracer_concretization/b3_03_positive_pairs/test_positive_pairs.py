import math

import fit


def test_loss_finite():
    assert math.isfinite(fit.main())
