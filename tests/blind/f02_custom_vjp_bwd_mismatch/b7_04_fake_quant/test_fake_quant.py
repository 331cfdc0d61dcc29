import math

import qat


def test_qat_runs():
    assert math.isfinite(qat.main(steps=2))
