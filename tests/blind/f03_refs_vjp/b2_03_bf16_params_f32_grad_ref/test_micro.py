import micro


def test_weights_move_towards_ones():
    assert float(micro.main(rounds=2).sum()) > 0.0
