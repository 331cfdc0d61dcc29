"""Term sheets for arithmetic-average Asian options."""
from typing import NamedTuple


class AsianCall(NamedTuple):
    spot: float
    strike: float
    maturity: float
    rate: float
    n_fixings: int


BOOK = {
    "quarterly_1y": AsianCall(100.0, 100.0, 1.0, 0.03, 4),
    "monthly_2y": AsianCall(100.0, 105.0, 2.0, 0.03, 24),
}
