from train_curve import main


def test_curve_fits_expert_edits():
    assert main() < 50.0
