"""Book configuration."""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Book:
    tickers: tuple = ("AAA", "BBB", "CCC", "DDD", "EEE")
    include_cash: bool = True          # the reported weights carry a final cash entry
    alpha: float = 0.95
    n_scenarios: int = 2000
    tilt_from: str = "EEE"
    tilt_to: str = "AAA"

    @property
    def n_assets(self):
        return len(self.tickers)
