import dann


def test_dann_step():
    assert dann.main(steps=1) > 0.0
