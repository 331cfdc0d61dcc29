import math

from maml import main


def test_meta_training_runs():
    assert math.isfinite(main())
