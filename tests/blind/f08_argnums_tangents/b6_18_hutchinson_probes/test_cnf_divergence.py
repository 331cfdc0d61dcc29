import math

from flow import main


def test_log_det_change_finite():
    assert math.isfinite(main())
