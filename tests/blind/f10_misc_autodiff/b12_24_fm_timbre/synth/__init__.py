"""Differentiable FM synthesis matched to a target timbre."""
