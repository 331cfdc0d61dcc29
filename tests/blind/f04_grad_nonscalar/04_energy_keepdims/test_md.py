import train


def test_relaxation_lowers_energy():
    before, after = train.main()
    assert after < before
