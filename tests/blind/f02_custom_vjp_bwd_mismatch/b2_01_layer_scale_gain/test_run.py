import run


def test_block_trains():
    assert run.main(steps=1) > 0.0
