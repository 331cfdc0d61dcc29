"""Keeps a short history of gradient norms seen during the backward pass."""
from collections import deque

import jax.numpy as jnp


class GradMonitor:
    def __init__(self, maxlen=64):
        self.history = deque(maxlen=maxlen)

    def push(self, name, g):
        self.history.append((name, jnp.sqrt(jnp.sum(g * g))))
        return self.history

    def __len__(self):
        return len(self.history)
