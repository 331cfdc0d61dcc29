import math

from fit_pk import main


def test_pk_fit_runs():
    assert math.isfinite(main())
