"""Random perturbation directions for derivative checks."""
import jax
import jax.numpy as jnp


def random_direction(key, params):
    """A Gaussian direction scaled by each parameter's magnitude."""
    fields = params._asdict()
    keys = jax.random.split(key, len(fields))
    return {name: v * jax.random.normal(k, jnp.shape(v)) for (name, v), k in zip(fields.items(), keys)}
