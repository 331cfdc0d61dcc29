import classify
from preprocess import preprocess_batch
from settings import DEFAULT


def test_preprocess_shape():
    spectra, _ = classify.synthetic_spectra(n=4, n_points=100)
    assert preprocess_batch(spectra, DEFAULT).shape == (4, 100)
