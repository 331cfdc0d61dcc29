"""Keras-style callbacks for the solar forecasting trainer."""


class Callback:
    def on_batch_end(self, metrics):
        pass


class EarlyStopping(Callback):
    def __init__(self, patience=5, min_delta=1e-4):
        self.patience, self.min_delta = patience, min_delta
        self.best, self.wait, self.stop = float("inf"), 0, False

    def on_batch_end(self, metrics):
        if metrics["loss"] < self.best - self.min_delta:
            self.best, self.wait = metrics["loss"], 0
        else:
            self.wait += 1
            self.stop = self.wait >= self.patience


class History(Callback):
    def __init__(self):
        self.losses = []

    def on_batch_end(self, metrics):
        self.losses.append(metrics["loss"])
