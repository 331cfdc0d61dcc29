import analyse


def test_every_input_has_a_sensitivity():
    table = analyse.main()
    assert set(table) == set(analyse.NAMES)
