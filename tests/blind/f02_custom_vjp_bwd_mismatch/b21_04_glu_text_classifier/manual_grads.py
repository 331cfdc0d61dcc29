"""Hand-derived backward pass of the gated feed-forward block.

Kept separate so that the gradient checks in the notebook can call it directly.
"""
import jax
import jax.numpy as jnp


def glu_forward(x, w_in, w_gate):
    a = x @ w_in
    s = jax.nn.sigmoid(x @ w_gate)
    return a * s, (x, w_in, w_gate, a, s)


def glu_backward(cache, g):
    """Returns the input cotangent and the parameter cotangents."""
    x, w_in, w_gate, a, s = cache
    da = g * s
    db = g * a * s * (1.0 - s)
    dx = da @ w_in.T + db @ w_gate.T
    dw_in = x.T @ da
    dw_gate = x.T @ db
    return dx, (dw_in, dw_gate)
