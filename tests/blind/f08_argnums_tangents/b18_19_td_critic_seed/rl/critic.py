"""Value-function critic: a linear head on random Fourier features of the state."""
import jax
import jax.numpy as jnp


class FourierCritic:
    def __init__(self, state_dim, n_features, key):
        k1, k2 = jax.random.split(key)
        self.freqs = jax.random.normal(k1, (state_dim, n_features))
        self.phases = jax.random.uniform(k2, (n_features,), maxval=2 * jnp.pi)

    def features(self, states):
        return jnp.cos(states @ self.freqs + self.phases)

    def values(self, head, states):
        return self.features(states) @ head
