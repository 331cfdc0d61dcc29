from special.log1mexp import log1mexp

__all__ = ["log1mexp"]
