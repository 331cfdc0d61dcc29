"""Leaky integrate-and-fire population with a soft (sigmoid) spike nonlinearity."""
from typing import NamedTuple

import jax
import jax.numpy as jnp


class LIFConfig(NamedTuple):
    n_neurons: int = 8
    n_steps: int = 60
    dt: float = 1.0  # ms
    tau_m: float = 20.0  # ms
    v_th: float = 1.0
    sharpness: float = 8.0


class LIFNetwork:
    """Recurrent LIF layer."""

    def __init__(self, cfg: LIFConfig):
        self.cfg = cfg
        self.trace = jax.new_ref(jnp.zeros((cfg.n_steps, cfg.n_neurons)))

    def step(self, v, w_in, w_rec, x_t, s_prev):
        cfg = self.cfg
        current = w_in @ x_t + w_rec @ s_prev
        v = v + cfg.dt / cfg.tau_m * (-v + current)
        s = jax.nn.sigmoid(cfg.sharpness * (v - cfg.v_th))
        return v * (1.0 - s), s

    def run(self, w_in, w_rec, inputs):
        """Simulate and return the membrane trace, shape (n_steps, n_neurons)."""
        v = jnp.zeros(self.cfg.n_neurons)
        s = jnp.zeros(self.cfg.n_neurons)
        for t in range(self.cfg.n_steps):
            v, s = self.step(v, w_in, w_rec, inputs[t], s)
            self.trace[t] = v
        return self.trace[...]
