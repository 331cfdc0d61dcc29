from train import train


def test_classifier_learns_blobs():
    history = train(20)
    assert history[-1] < history[0]
