"""Base class for the package's hand-written primitives."""

from __future__ import annotations

import abc

import jax
from jax.experimental.hijax import HiPrim

from glacier.core.diagnostics import select_logs


class LoggedPrim(HiPrim, abc.ABC):
    """An elementwise primitive whose backward pass can emit named statistics.

    Subclasses implement ``forward`` and ``backward``; ``backward`` accumulates
    the cotangents and returns a dict of candidate log entries.
    """

    log_keys: tuple[str, ...] = ()

    def __init__(self, x_aval, **params):
        self.in_avals = (x_aval,)
        self.out_aval = x_aval
        self.params = dict(params, log_keys=tuple(self.log_keys))
        super().__init__()

    @classmethod
    def apply(cls, x, **params):
        return cls(jax.typeof(x), **params)(x)

    @abc.abstractmethod
    def forward(self, x): ...

    @abc.abstractmethod
    def backward(self, res, g, x_acc) -> dict: ...

    def expand(self, x):
        return self.forward(x)

    def vjp_fwd(self, nzs_in, x):
        return self.forward(x), x

    def vjp_bwd(self, res, g, x_acc):
        logs = self.backward(res, g, x_acc)
        return select_logs(logs, self.log_keys)
