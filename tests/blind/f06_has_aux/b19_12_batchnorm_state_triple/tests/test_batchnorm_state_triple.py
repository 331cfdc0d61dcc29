from main import main


def test_classifier_learns_blobs():
    assert main() > 0.5
