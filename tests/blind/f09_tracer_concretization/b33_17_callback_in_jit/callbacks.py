"""Keras-style training callbacks."""
from abc import ABC


class Callback(ABC):
    def on_step_end(self, step, metrics):
        pass


class ProgressLogger(Callback):
    def __init__(self, every=10):
        self.every = every
        self.history = []

    def on_step_end(self, step, metrics):
        loss = float(metrics["loss"])
        self.history.append(loss)
        if step % self.every == 0:
            print(f"step {step}: loss {loss:.4f}")
