from risk import greeks, sample_book


def test_digital_book_has_positive_delta():
    g = greeks(sample_book(), 100.0, 0.25)
    assert g["delta"] > 0.0
