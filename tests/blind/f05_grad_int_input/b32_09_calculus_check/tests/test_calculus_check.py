import check_derivatives


def test_hand_derivatives_match():
    errors = check_derivatives.main()
    assert max(errors.values()) < 1e-4
