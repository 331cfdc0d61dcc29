from anneal import CONFIG, anneal


def test_short_anneal():
    spins, energies = anneal(dict(CONFIG, n_sweeps=3), n=8)
    assert energies.shape == (3,)
