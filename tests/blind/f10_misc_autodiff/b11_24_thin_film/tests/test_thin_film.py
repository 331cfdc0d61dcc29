from design import design


def test_design_keeps_thicknesses_in_range():
    thickness, _ = design(iters=2)
    assert thickness.shape == (2,)
