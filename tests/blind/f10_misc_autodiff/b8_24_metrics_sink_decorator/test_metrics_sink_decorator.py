from tomography import reconstruct


def test_reconstruction_has_twelve_cells():
    assert reconstruct(n_iter=1).shape == (12,)
