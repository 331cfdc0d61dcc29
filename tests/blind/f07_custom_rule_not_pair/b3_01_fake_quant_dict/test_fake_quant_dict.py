import qat


def test_qat_learns():
    assert qat.main() < 0.5
