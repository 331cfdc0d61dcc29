"""Gradient descent with an Armijo backtracking line search."""

import jax
import jax.numpy as jnp


def directional_derivative(f, w, d):
    _, slope = jax.jvp(f, (w,), (d,))
    return slope


def armijo(f, w, d, t0=1.0, shrink=0.5, c=1e-4, max_halvings=20):
    f0, slope = f(w), directional_derivative(f, w, d)
    t = t0
    for _ in range(max_halvings):
        if f(w + t * d) <= f0 + c * t * slope:
            break
        t *= shrink
    return t


def descend(f, w, steps=10):
    for _ in range(steps):
        d = -jax.grad(f)(w)
        w = w + armijo(f, w, d) * d
    return w
