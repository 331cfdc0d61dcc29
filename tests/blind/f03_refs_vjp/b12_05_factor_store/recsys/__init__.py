"""Implicit-feedback matrix factorisation with parameters held in Refs."""
