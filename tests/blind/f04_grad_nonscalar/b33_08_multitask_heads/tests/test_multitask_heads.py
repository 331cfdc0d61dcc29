import math

from multitask import main


def test_multitask_step():
    assert math.isfinite(main(steps=1))
