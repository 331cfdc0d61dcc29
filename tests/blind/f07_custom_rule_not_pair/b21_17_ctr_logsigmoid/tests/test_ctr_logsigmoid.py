from train_ctr import main


def test_logloss_below_chance():
    assert main() < 0.75
