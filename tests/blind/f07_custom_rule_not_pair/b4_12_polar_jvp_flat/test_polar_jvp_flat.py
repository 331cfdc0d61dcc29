from robot import solve_ik, tracking_error


def test_inverse_kinematics_converges():
    angles = solve_ik(1.2, 0.8, steps=5)
    assert float(tracking_error(angles, 1.2, 0.8)) < 1.0
