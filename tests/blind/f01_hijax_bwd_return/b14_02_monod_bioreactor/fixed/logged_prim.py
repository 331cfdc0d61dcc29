"""A HiPrim base class that keeps the entries its backward rule wants to log."""
from types import MappingProxyType

from jax.experimental.hijax import HiPrim


class LoggedPrim(HiPrim):
    """Subclasses write `backward(res, g, *accums)` and may call `self.log(k, v)`."""

    def __init__(self):
        super().__init__()
        self._entries = {}

    def log(self, key, value):
        self._entries[key] = value

    @property
    def entries(self):
        return MappingProxyType(self._entries)

    def vjp_bwd(self, res, g, *accums):
        self._entries = {}
        self.backward(res, g, *accums)
        return dict(self.entries)
