from tune import main


def test_closed_loop():
    assert main().shape == (480,)
