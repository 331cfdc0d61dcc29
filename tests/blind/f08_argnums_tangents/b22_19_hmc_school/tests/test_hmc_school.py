from sample import main


def test_chain_mixes():
    mus, accepted = main()
    assert accepted.mean() > 0.3
