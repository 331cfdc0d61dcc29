from fit import run


def test_block_training_improves():
    before, after = run(15)
    assert after < before
