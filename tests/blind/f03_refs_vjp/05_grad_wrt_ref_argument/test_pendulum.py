import train


def test_calibration_moves_towards_truth():
    est = train.main()
    assert float(est[0]) > 8.0
