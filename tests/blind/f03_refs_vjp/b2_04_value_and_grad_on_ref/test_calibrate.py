import calibrate


def test_stiffness_moves_up():
    assert calibrate.main(iters=3) > 3.0
