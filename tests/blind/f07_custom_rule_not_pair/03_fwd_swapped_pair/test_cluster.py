import train


def test_prototypes_move_closer():
    assert train.main() < 2.0
