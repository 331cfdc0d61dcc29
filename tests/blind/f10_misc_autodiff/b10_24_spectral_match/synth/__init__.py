"""Matching a synthesiser's spectrum to a recorded tone."""
