"""Cubic Hermite tables for thermophysical properties."""
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class HermiteTable:
    """Values `y` and slopes `dy` at knots `x` (sorted)."""

    def __init__(self, x, y, dy):
        self.x, self.y, self.dy = x, y, dy

    def tree_flatten(self):
        return (self.x, self.y, self.dy), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)

    def locate(self, q):
        i = jnp.clip(jnp.searchsorted(self.x, q) - 1, 0, self.x.shape[0] - 2)
        h = self.x[i + 1] - self.x[i]
        s = (q - self.x[i]) / h
        return i, h, s


def basis(s):
    """Hermite basis h00, h10, h01, h11 at local coordinate s."""
    s2, s3 = s * s, s * s * s
    return (2 * s3 - 3 * s2 + 1, s3 - 2 * s2 + s, -2 * s3 + 3 * s2, s3 - s2)


def table_cotangent(table, i, h, s, g):
    """Scatter an output cotangent onto the table's values and slopes."""
    h00, h10, h01, h11 = basis(s)
    zeros = jnp.zeros_like(table.y)
    g_y = zeros.at[i].add(g * h00).at[i + 1].add(g * h01)
    g_dy = zeros.at[i].add(g * h10 * h).at[i + 1].add(g * h11 * h)
    return HermiteTable(jnp.zeros_like(table.x), g_y, g_dy)
