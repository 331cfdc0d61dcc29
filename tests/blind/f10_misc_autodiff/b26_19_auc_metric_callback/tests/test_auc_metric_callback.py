import math

from train import run


def test_auc_metric_callback():
    metrics = run(steps=2)
    assert math.isfinite(metrics["loss"]) and 0.0 <= metrics["auc"] <= 1.0
