import simulate


def test_population_grows():
    y_end, dy_drate = simulate.main()
    assert 10.0 < float(y_end) < 100.0 and float(dy_drate) > 0.0
