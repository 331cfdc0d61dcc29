import train


def test_both_gradients_are_computed():
    k_ct, b_ct = train.main()
    assert k_ct.shape == (2, 2)
    assert b_ct.shape == (2,)
