import trainer


def test_mean_teacher_step():
    assert trainer.main(steps=2) < 10.0
