import influence


def test_downward_loads_deflect_downwards():
    report = influence.main()
    assert report["uniform"] < 0.0 and report["ramp"] < 0.0
