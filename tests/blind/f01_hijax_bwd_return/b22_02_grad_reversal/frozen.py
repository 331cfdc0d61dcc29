"""An immutable mapping for parameter trees, registered as a pytree."""

from collections.abc import Mapping

import jax


class FrozenDict(Mapping):
    __slots__ = ("_d",)

    def __init__(self, *args, **kwargs):
        self._d = dict(*args, **kwargs)

    def __getitem__(self, key):
        return self._d[key]

    def __iter__(self):
        return iter(self._d)

    def __len__(self):
        return len(self._d)

    def __repr__(self):
        return f"FrozenDict({self._d!r})"

    def unfreeze(self):
        return {k: v.unfreeze() if isinstance(v, FrozenDict) else v for k, v in self._d.items()}


def _flatten(fd):
    keys = tuple(sorted(fd._d))
    return tuple(fd._d[k] for k in keys), keys


def _unflatten(keys, values):
    return FrozenDict(zip(keys, values))


jax.tree_util.register_pytree_node(FrozenDict, _flatten, _unflatten)


def freeze(tree):
    return FrozenDict({k: freeze(v) if isinstance(v, Mapping) else v for k, v in tree.items()})
