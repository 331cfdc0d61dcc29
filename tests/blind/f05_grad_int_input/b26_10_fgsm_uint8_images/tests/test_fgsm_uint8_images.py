from train import run


def test_fgsm_uint8_images():
    clean, robust = run(epochs=1)
    assert 0.0 <= robust <= 1.0
