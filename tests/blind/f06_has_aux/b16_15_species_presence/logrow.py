"""Pack scalars into one row so a whole step's numbers come back in one transfer."""
import jax.numpy as jnp


def as_row(*values):
    return jnp.stack([jnp.asarray(v, jnp.float32) for v in values])


COLUMNS = ("nll", "accuracy")
