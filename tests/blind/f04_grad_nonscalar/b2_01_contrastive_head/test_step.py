import step


def test_contrastive_training():
    assert step.main(steps=2) > 0.0
