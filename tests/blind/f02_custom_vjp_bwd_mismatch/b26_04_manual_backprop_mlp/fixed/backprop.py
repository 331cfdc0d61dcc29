"""Manual forward/backward passes for a tanh MLP (ported from a NumPy reference)."""
import jax.numpy as jnp


def forward_with_cache(layers, x):
    acts = [x]
    for i, (w, b) in enumerate(layers):
        x = x @ w + b
        if i < len(layers) - 1:
            x = jnp.tanh(x)
        acts.append(x)
    return x, acts


def backward(layers, acts, g_out):
    """Backpropagates g_out through the layers; returns (per-layer grads, input grad)."""
    grads = []
    g = g_out
    for i in reversed(range(len(layers))):
        w, _ = layers[i]
        if i < len(layers) - 1:
            g = g * (1.0 - acts[i + 1] ** 2)
        grads.append((acts[i].T @ g, g.sum(axis=0)))
        g = g @ w.T
    return grads[::-1], g
