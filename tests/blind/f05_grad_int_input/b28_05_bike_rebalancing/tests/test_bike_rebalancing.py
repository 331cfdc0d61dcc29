from rebalance import initial_fleet, step


def test_step_moves_bikes():
    fleet = initial_fleet()
    assert step(fleet).shape == fleet.shape
