import deblur


def test_deconvolution_sharpens():
    err_blur, err_rest = deblur.main(n_iter=30)
    assert err_rest < err_blur
