"""A smooth maximum with a cheap forward-mode rule."""
import jax
import jax.numpy as jnp


@jax.custom_jvp
def smooth_max(scores, temperature=0.1):
    return temperature * jax.nn.logsumexp(scores / temperature)


@smooth_max.defjvp
def _smooth_max_jvp(primals, tangents):
    scores, temperature = primals
    scores_dot, _ = tangents
    out = smooth_max(scores, temperature)
    weights = jax.nn.softmax(scores / temperature)
    return out, jnp.sum(weights * scores_dot)
