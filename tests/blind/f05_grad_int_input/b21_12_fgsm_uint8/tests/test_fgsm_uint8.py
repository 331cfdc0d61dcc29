from attack import main


def test_fgsm_accuracy_in_range():
    assert 0.0 <= main() <= 1.0
