import math

import recommender


def test_training_runs():
    assert math.isfinite(recommender.main())
