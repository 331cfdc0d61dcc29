"""State-value network V(s) of a trained critic."""

from __future__ import annotations

import jax

from critic.layers import MLP, Dense


class ValueNet:
    def __init__(self, obs_dim: int, hidden: int = 64):
        self.torso = MLP((obs_dim, hidden, hidden))
        self.head = Dense(hidden, 1)

    def init(self, key):
        k1, k2 = jax.random.split(key)
        return {"torso": self.torso.init(k1), "head": self.head.init(k2)}

    def value(self, params, state):
        """V(s) for a single observation vector ``state``."""
        h = self.torso(params["torso"], state)
        return self.head(params["head"], h)[0]
