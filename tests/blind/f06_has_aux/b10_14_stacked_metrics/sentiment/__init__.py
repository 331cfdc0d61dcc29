"""Bag-of-words logistic regression for toy sentiment labels."""
