from train import main


def test_few_tag_errors():
    assert main()["hamming"] < 200
