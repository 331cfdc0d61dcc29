import train


def test_response_shape():
    assert train.main().shape == (3,)
