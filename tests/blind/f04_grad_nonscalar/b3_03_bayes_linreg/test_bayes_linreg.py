import map_fit


def test_map_close_to_truth():
    w = map_fit.main()
    assert abs(float(w[0]) - 1.0) < 0.3
