from potential import main


def test_relaxation():
    e0, e1 = main(steps=10)
    assert e1 <= e0
