import train


def test_train_steps_run():
    assert train.main()["w1"].shape == (3, 16)
