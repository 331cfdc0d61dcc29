import math

from pipeline import main


def test_two_stage_backward():
    assert math.isfinite(main())
