"""Lotka-Volterra dynamics for the hare-lynx fur-trade records."""
