import train


def test_slope_changes_sign_at_centre():
    slope = train.main()
    assert float(slope[0]) > 0 > float(slope[-1])
