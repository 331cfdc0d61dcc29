import train


def test_training_reduces_loss():
    assert train.main() < 1.0
