import train


def test_query_gradient():
    assert train.main().shape == (4, 8)
