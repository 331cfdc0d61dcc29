import swarm


def test_speed_increases():
    assert float(swarm.main()) > 0.5
