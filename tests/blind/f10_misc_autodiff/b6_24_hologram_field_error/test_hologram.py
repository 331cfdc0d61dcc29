from hologram import main


def test_hologram_design_runs():
    assert main() < 2.0
