import tank


def test_warming_releases_gas():
    m, dm_dT = tank.main()
    assert dm_dT < 0
