import math

from fit import main


def test_rental_model_fits():
    assert math.isfinite(main(steps=5))
