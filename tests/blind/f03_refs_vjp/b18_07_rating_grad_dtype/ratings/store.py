"""Ratings kept in a Ref so the match server can read them while training runs."""
import jax
import jax.numpy as jnp


class RatingStore:
    def __init__(self, config):
        self.config = config
        self.ratings = jax.new_ref(jnp.zeros(config.n_players, config.dtypes["params"]))

    def fresh_grad_buffer(self):
        return jax.new_ref(jnp.zeros(self.config.n_players, self.config.dtypes["grads"]))
