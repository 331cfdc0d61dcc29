from pricing.prims import NormalCdf
from pricing.book import Book, DigitalCall

__all__ = ["Book", "DigitalCall", "NormalCdf"]
