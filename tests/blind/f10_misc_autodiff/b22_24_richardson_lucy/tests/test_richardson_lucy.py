from deconvolve import main


def test_deconvolution_sharpens_beads():
    frame, estimate = main()
    assert estimate.max() > frame.max()
