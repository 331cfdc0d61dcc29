from train_lista import main


def test_train_short():
    params = main(steps=2)
    assert set(params) == {"lam", "step"}
