import trainer


def test_training_reports_mse():
    assert trainer.main(epochs=1) > 0.0
