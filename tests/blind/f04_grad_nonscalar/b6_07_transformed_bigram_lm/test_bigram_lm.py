import math

from train import main


def test_bigram_beats_uniform():
    assert main() < math.log(27)
