"""Random probe vectors for stochastic trace estimation."""
import jax


def sign_probes(key, n, dim):
    """n Rademacher vectors (entries +1 / -1)."""
    b = jax.random.bernoulli(key, 0.5, (n, dim))
    return 2 * b - 1
