from retrieval import main


def test_retrieval_loss_decreases():
    history = main()
    assert history[-1] < history[0]
