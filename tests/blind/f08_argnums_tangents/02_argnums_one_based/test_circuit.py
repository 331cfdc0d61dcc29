import train


def test_tuning_runs():
    r, c = train.main()
    assert float(r) > 0
