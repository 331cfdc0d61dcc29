import analyse


def test_chain_length():
    assert analyse.main(n=200).shape == (200, 2)
