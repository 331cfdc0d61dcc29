import train


def test_parameters_keep_their_structure():
    params = train.main()
    assert set(params) == {"k", "c"}
