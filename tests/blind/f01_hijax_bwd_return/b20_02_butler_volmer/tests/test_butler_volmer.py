import calibrate


def test_exchange_current_recovered():
    i0 = calibrate.main()
    assert abs(float(i0) - 2.5e-3) < 5e-4
