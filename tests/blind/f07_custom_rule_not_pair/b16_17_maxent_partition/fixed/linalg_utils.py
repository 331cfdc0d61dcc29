"""Small linear-algebra helpers, written with explicit row/column vectors."""


def row(v):
    return v[None, :]


def col(v):
    return v[:, None]


def directional(gradient, direction):
    """Directional derivative <gradient, direction> as row @ column."""
    return (row(gradient) @ col(direction))[0, 0]
