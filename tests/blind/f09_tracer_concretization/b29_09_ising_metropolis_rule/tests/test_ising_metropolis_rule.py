import run_ising


def test_one_sweep():
    state = run_ising.main(L=4, n_sweeps=1)
    assert state.spins.shape == (4, 4)
