from contracts import BOOK
from risk import risk_report


def test_vega_positive():
    report = risk_report({"q": BOOK["quarterly_1y"]})
    assert report["q"][1] > 0.0
