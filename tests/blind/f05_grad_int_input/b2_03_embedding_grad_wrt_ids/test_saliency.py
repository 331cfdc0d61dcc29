import saliency


def test_only_used_rows_are_salient():
    sal = saliency.main()
    assert float(sal[3]) > float(sal[1]) > 0.0 == float(sal[0])
