import md


def test_chain_contracts():
    assert md.main(n_steps=10) < 4.8
