"""Numerically stable log-probabilities for binary outcomes."""
import jax
import jax.numpy as jnp


def _log_sigmoids(z):
    return -jnp.logaddexp(0.0, -z), -jnp.logaddexp(0.0, z)


def _tangents(z, z_dot):
    p = jax.nn.sigmoid(z)
    return {"pos": (1.0 - p) * z_dot, "neg": -p * z_dot}


@jax.custom_jvp
def log_sigmoid_pair(z):
    """(log sigmoid(z), log sigmoid(-z)) without overflow for large |z|."""
    return _log_sigmoids(z)


@log_sigmoid_pair.defjvp
def _log_sigmoid_pair_jvp(primals, tangents):
    (z,), (z_dot,) = primals, tangents
    return _log_sigmoids(z), _tangents(z, z_dot)
