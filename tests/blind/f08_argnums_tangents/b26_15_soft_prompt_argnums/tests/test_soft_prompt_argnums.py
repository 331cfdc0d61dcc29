import math

from train import run


def test_soft_prompt_argnums():
    assert all(math.isfinite(v) for v in run(steps=2))
