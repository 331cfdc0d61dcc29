from autoencoder import main


def test_history_has_metrics():
    history = main()
    assert history[-1]["loss"] < history[0]["loss"]
    assert "recon" in history[-1]
