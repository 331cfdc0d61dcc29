from train import run


def test_pencil_label_logits():
    corrected, given = run(epochs=2)
    assert 0.0 <= corrected <= 1.0
