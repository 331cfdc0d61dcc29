import check_grad


def test_forward_mode_agrees_with_finite_differences():
    assert check_grad.main() < 0.05
