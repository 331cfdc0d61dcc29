"""Log-partition function of a discrete exponential family, with its own JVP."""
import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp

from linalg_utils import directional


@jax.custom_jvp
def log_partition(theta, features):
    return logsumexp(features @ theta)


@log_partition.defjvp
def _log_partition_jvp(primals, tangents):
    theta, features = primals
    theta_dot, _ = tangents
    scores = features @ theta
    probs = jax.nn.softmax(scores)
    mean_features = probs @ features
    return logsumexp(scores), directional(mean_features, theta_dot)
