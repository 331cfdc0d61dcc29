"""Space-time discretisation of a river reach, registered as a pytree."""
import jax
import jax.numpy as jnp


@jax.tree_util.register_pytree_node_class
class Grid:
    def __init__(self, x, dt, n_steps):
        self.x = x
        self.dt = dt
        self.n_steps = n_steps

    @property
    def dx(self):
        return self.x[1] - self.x[0]

    def tree_flatten(self):
        return (self.x, self.dt, self.n_steps), None

    @classmethod
    def tree_unflatten(cls, aux, children):
        return cls(*children)


def make_grid(length=2000.0, n_cells=80, dt=5.0, t_end=1800.0):
    x = jnp.linspace(0.0, length, n_cells)
    return Grid(x, dt, int(t_end / dt))
