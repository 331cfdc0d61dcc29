from riskkit.book import Book
from riskkit.measures import cvar, expected_shortfall_grad

__all__ = ["Book", "cvar", "expected_shortfall_grad"]
