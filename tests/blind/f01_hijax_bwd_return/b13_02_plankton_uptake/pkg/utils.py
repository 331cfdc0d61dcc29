"""Small helpers used across the plankton model."""


class AttrDict(dict):
    """A dict whose entries can also be read as attributes (``logs.vmax_ct``)."""

    def __getattr__(self, name):
        try:
            return self[name]
        except KeyError as err:
            raise AttributeError(name) from err

    __setattr__ = dict.__setitem__
