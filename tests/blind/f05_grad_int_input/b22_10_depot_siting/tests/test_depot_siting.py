from optimize import main


def test_depots_close_to_customers():
    assert main(iters=40) < 30.0
