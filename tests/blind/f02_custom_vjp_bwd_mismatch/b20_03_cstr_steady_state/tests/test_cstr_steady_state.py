import design


def test_outlet_design_converges():
    assert design.main() < 1e-2
