import lqr


def test_torque_moves_velocity():
    assert float(lqr.main()[1]) > 0.0
