import sensitivity


def test_elasticities_for_every_parameter():
    assert set(sensitivity.main()) == {"ka", "ke", "volume"}
