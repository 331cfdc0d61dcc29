import train


def test_target_is_reached():
    assert train.main() < 0.05
