import model


def test_glu_trains():
    assert model.main(steps=5) < 10.0
