import train


def test_gradients_have_input_shapes():
    g_logits, g_temp = train.main()
    assert g_logits.shape == (2, 3)
    assert g_temp.shape == (3,)
