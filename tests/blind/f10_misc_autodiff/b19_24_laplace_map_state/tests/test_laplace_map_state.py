from credit import main


def test_posterior_sds_are_positive():
    sd = main()
    assert float(sd.min()) > 0.0
