from trainer import main


def test_probe_records_curvature():
    losses, sharpness = main()
    assert len(sharpness) == 2
