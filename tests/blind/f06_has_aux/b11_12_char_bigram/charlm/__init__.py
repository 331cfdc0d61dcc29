"""A character-level bigram language model with a factorised embedding."""
