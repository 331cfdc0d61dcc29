import math

from rnn import main


def test_rnn_trains():
    assert math.isfinite(main(steps=2))
