from align import main


def test_clouds_move_closer():
    assert main() < 1.0
