from sampler import main


def test_posterior_mean_signs():
    mean = main()
    assert mean[0] > 0 and mean[1] < 0
