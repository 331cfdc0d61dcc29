"""Softmax regression with pluggable loss decorators."""
