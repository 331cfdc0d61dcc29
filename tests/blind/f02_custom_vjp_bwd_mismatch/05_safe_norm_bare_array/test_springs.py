import train


def test_relaxation_lowers_energy():
    after, before = train.main()
    assert after < before
