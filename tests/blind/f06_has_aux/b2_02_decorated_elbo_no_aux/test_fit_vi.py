import fit_vi


def test_posterior_mean_moves_to_data():
    assert fit_vi.main(iters=100) > 0.5
