"""Gauss-Newton trilateration: locate a point from ranges to known anchors."""

from functools import partial

import jax
import jax.numpy as jnp

from geometry import range_residuals


def gauss_newton_step(residual_fn, p: jax.Array, damping: float = 1e-6) -> jax.Array:
    r, r_jvp = jax.linearize(residual_fn, p)
    J = jax.vmap(r_jvp, out_axes=1)(jnp.eye(p.shape[0]))
    delta = jnp.linalg.solve(J.T @ J + damping * jnp.eye(p.shape[0]), J.T @ r)
    return p - delta


def locate(anchors, ranges, guess, n_iter: int = 8):
    residual_fn = partial(range_residuals, anchors=anchors, ranges=ranges)
    p = guess
    for _ in range(n_iter):
        p = gauss_newton_step(residual_fn, p)
    return p


def main():
    anchors = jnp.array([[0.0, 0.0], [4.0, 0.0], [0.0, 3.0], [4.0, 3.0]])
    truth = jnp.array([1.2, 2.1])
    ranges = jnp.linalg.norm(anchors - truth, axis=-1)
    print("located:", locate(anchors, ranges, jnp.array([2.0, 1.0])))


if __name__ == "__main__":
    main()
