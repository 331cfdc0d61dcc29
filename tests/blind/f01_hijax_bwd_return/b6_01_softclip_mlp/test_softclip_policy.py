from train import main


def test_policy_head_trains():
    assert main() < 1.0
