"""Small helpers for hand-written derivative rules."""


def chain_rule(partials, tangents):
    """Output tangents from a table of partial derivatives.

    partials[i][j] is d out_i / d in_j; tangents[j] is the tangent of in_j.
    """
    return tuple(sum(p * t for p, t in zip(row, tangents)) for row in partials)
