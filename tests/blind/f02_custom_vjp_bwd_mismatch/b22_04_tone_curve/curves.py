"""Piecewise-linear tone curves as pytrees."""

import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class ToneCurve:
    """``values`` at increasing ``knots``; outside them the curve is clamped
    unless ``extrapolate`` is set, in which case the end segments continue."""

    def __init__(self, values, knots, extrapolate=False):
        self.values = values
        self.knots = knots
        self.extrapolate = extrapolate

    def tree_flatten(self):
        return (self.values, self.knots), (self.extrapolate,)

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children, *aux)

    @classmethod
    def identity(cls, n_knots, extrapolate=False):
        knots = jnp.linspace(0.0, 1.0, n_knots)
        return cls(knots, knots, extrapolate)


def cotangent_like(curve, g_values):
    """A curve-shaped cotangent: gradient for the values, none for the knots."""
    return ToneCurve(g_values, jnp.zeros_like(curve.knots))
