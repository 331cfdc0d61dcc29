import math

from finetune import finetune


def test_finetune_runs():
    assert math.isfinite(finetune(steps=2))
