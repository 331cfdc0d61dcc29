from sensitivity import main


def test_response_per_horizon():
    assert main().shape[1] == 6
