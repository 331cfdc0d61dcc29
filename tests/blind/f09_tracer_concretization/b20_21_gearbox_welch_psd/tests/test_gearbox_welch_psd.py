import monitor


def test_worn_gear_has_sideband_energy():
    report = monitor.main()
    assert report["worn"] > 5 * report["healthy"]
