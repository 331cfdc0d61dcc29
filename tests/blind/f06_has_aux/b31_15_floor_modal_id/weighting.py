"""Per-term weights of a composite identification objective."""
import jax.numpy as jnp

DEFAULT_WEIGHTS = {"data": 1.0, "prior": 1e-2, "smooth": 1e-3}


def apply_weights(terms, weights=DEFAULT_WEIGHTS):
    """Scale each named term by its weight; terms without a weight are dropped."""
    return {name: weights[name] * value for name, value in terms.items() if name in weights}


def log_terms(terms):
    return " ".join(f"{k}={float(v):.4g}" for k, v in sorted(terms.items()))
