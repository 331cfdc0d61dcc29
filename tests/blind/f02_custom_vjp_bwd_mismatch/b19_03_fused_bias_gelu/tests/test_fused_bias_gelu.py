import math

from model import main


def test_ffn_trains():
    assert math.isfinite(main())
