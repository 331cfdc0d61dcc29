"""Exponential moving averages of activations, kept in Refs for dashboards."""
import jax
import jax.numpy as jnp


class DriftMonitor:
    def __init__(self, widths, decay=0.99):
        self.decay = decay
        self.stats = {name: jax.new_ref(jnp.zeros((w,))) for name, w in widths.items()}

    def observe(self, name, x):
        ref = self.stats[name]
        ref[...] = self.decay * ref[...] + (1.0 - self.decay) * jnp.mean(jax.lax.stop_gradient(x), axis=0)
        return x

    def report(self):
        return {name: float(jnp.linalg.norm(ref[...])) for name, ref in self.stats.items()}
