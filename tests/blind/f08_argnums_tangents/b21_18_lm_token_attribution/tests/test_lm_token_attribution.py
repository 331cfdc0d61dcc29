from attribution import main


def test_one_score_per_context_token():
    assert main().shape == (4, 8)
