import learn_kernel


def test_kernel_fit_improves():
    start = learn_kernel.fit(dict(learn_kernel.SETUP, iters=0))
    assert learn_kernel.fit(dict(learn_kernel.SETUP, iters=5)) < start
