import math

import train


def test_nll_below_chance():
    assert train.main() < math.log(3)
