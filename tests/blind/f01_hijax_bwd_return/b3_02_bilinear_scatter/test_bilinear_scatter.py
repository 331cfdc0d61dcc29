import recommender


def test_loss_decreases():
    assert recommender.main() < 1.0
