"""Objective interface shared by the survival models."""
import abc

OBJECTIVES = {}


def objective(name):
    def register(cls):
        OBJECTIVES[name] = cls
        return cls
    return register


class Objective(abc.ABC):
    """A differentiable training objective.

    ``compute`` returns ``(loss, metrics)``; ``__call__`` adds the shared
    weight penalty to the loss and passes the metrics through.
    """

    def __init__(self, l2=0.0):
        self.l2 = l2

    @abc.abstractmethod
    def compute(self, params, batch):
        ...

    def penalty(self, params):
        return self.l2 * (params["beta"] ** 2).sum()

    def __call__(self, params, batch):
        out = self.compute(params, batch)
        if self.l2:
            loss, metrics = out
            return loss + self.penalty(params), metrics
        return out
