import landweber


def test_peak_recovered():
    assert landweber.main() == 10
