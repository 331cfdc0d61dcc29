"""Consistency checks shared by the sorption primitives."""


class LayoutError(ValueError):
    pass


def check_cotangent(name, ct, primal):
    """Raise if a cotangent does not have its primal's shape and dtype.

    Returns True so it can also be used inside ``assert`` statements.
    """
    if ct.shape != primal.shape or ct.dtype != primal.dtype:
        raise LayoutError(
            f"cotangent for {name}: {ct.dtype}{list(ct.shape)} "
            f"vs primal {primal.dtype}{list(primal.shape)}")
    return True
