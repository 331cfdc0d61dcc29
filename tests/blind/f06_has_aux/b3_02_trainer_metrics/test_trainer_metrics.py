import trainer


def test_accuracy_high():
    assert float(trainer.main()["accuracy"]) > 0.9
