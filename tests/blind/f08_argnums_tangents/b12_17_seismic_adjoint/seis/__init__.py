"""Travel-time-shift inversion of a layered velocity model from shot gathers."""
