"""Claims of data/records/hijax-init-missing-attr.json."""

import jax
import jax.experimental.hijax as hijax
import jax.numpy as jnp

from tests.claims import claim, raises

HiPrim = getattr(hijax, "HiPrim", None) or hijax.VJPHiPrimitive


class Early(HiPrim):
    def __init__(self, aval):
        super().__init__()
        self.in_avals, self.out_aval, self.params = (aval,), aval, {}

    def expand(self, x):
        return x


class NoParams(HiPrim):
    def __init__(self, aval):
        self.in_avals, self.out_aval = (aval,), aval
        super().__init__()


@claim(
    "The error is raised when the primitive is constructed, so it happens on any call, with or without differentiation"
)
def at_construction():
    with raises(AttributeError, "subclass __init__ should set `self.in_avals`"):
        Early(jax.typeof(jnp.ones(2)))


@claim("it checks them in that order and raises for the first one missing")
def first_missing():
    with raises(AttributeError, "should set `self.params`"):
        NoParams(jax.typeof(jnp.ones(2)))


@claim("copies `params` onto the instance (so `self.scale` works)")
def params_copied():
    class Scaled(HiPrim):
        def __init__(self, aval, scale):
            self.in_avals, self.out_aval, self.params = (aval,), aval, {"scale": scale}
            super().__init__()

        def expand(self, x):
            return self.scale * x

    assert (Scaled(jax.typeof(jnp.ones(2)), 3.0)(jnp.ones(2)) == 3.0).all()
