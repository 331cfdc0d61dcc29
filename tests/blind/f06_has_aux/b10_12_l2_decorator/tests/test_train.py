from train import train


def test_accuracy_reported():
    loss, metrics = train(steps=3)
    assert "accuracy" in metrics
