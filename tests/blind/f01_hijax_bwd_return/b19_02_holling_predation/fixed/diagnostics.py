"""Mixins shared by the ecology primitives."""


class BackwardStatsMixin:
    """Collects named backward-pass statistics for the trainer's log."""

    stat_names: tuple = ()

    def collect(self, **values):
        stats = {}
        for name in self.stat_names:
            if name in values:
                stats[f"{type(self).__name__.lower()}/{name}"] = values[name]
        return stats
