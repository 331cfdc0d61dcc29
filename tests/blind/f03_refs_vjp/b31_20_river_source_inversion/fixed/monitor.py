"""Run-time monitors for the transport solvers (peak values seen during a run)."""
import jax
import jax.numpy as jnp


class PeakMonitor:
    def __init__(self, names):
        self.names = tuple(names)
        self.peaks = {name: jax.new_ref(jnp.zeros(())) for name in self.names}

    def reset(self):
        for ref in self.peaks.values():
            ref[...] = jnp.zeros(())

    def record(self, name, value):
        ref = self.peaks[name]
        ref[...] = jnp.maximum(ref[...], jnp.max(jax.lax.stop_gradient(value)))

    def report(self):
        return {name: float(ref[...]) for name, ref in self.peaks.items()}


MONITOR = PeakMonitor(["courant", "concentration"])
