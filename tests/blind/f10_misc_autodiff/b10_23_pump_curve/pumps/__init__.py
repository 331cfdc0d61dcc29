"""Splitting a demand between parallel pumps to minimise electrical power."""
