from sparse_mlp import train


def test_first_layer_keeps_its_shape():
    assert train(steps=1)["w1"].shape == (10, 8)
