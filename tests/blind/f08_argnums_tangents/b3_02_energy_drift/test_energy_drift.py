import monitor


def test_flow_conserves_energy():
    assert monitor.main() < 1e-4
