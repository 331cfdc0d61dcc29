import math

from finetune import main


def test_finetune_runs():
    assert math.isfinite(main(steps=2))
