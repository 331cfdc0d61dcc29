import math

from train import run


def test_dropout_deterministic_flag():
    train_loss, val_loss = run(steps=2)
    assert math.isfinite(val_loss)
