from train import main


def test_positive_rank_correlation():
    assert main() > 0.0
