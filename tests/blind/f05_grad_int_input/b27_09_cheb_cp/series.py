"""Chebyshev series on an interval, as a pytree."""
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class ChebSeries:
    def __init__(self, coeffs, degree, lo, hi):
        self.coeffs = coeffs
        self.degree = degree
        self.lo, self.hi = lo, hi

    def tree_flatten(self):
        return (self.coeffs, self.degree), (self.lo, self.hi)

    @classmethod
    def tree_unflatten(cls, aux, children):
        coeffs, degree = children
        return cls(coeffs, degree, *aux)

    @classmethod
    def zeros(cls, degree, lo, hi):
        return cls(jnp.zeros(degree + 1), degree, lo, hi)

    def __call__(self, x):
        t = (2.0 * x - (self.lo + self.hi)) / (self.hi - self.lo)
        b1 = jnp.zeros_like(t)
        b2 = jnp.zeros_like(t)
        for c in self.coeffs[:0:-1]:
            b1, b2 = 2.0 * t * b1 - b2 + c, b1
        return t * b1 - b2 + self.coeffs[0]
