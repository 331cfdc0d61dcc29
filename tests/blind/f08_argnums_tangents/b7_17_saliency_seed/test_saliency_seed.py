import explain


def test_saliency_has_input_shape():
    dx = explain.main()
    assert dx.shape == (explain.CFG["batch_size"], explain.CFG["n_features"])
