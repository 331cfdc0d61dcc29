from train_bigram import train


def test_training_reports_perplexity():
    _, (nll, metrics) = train(epochs=2)
    assert float(metrics["perplexity"]) > 1.0
