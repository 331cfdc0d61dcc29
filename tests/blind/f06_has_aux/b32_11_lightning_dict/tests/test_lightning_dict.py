import trainer


def test_fit_logs_metrics():
    history = trainer.main()
    assert history[-1]["loss"] < history[0]["loss"]
