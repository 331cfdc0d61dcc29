import math

from train import run


def test_char_rnn_time_mean():
    assert math.isfinite(run(steps=2))
