"""Claims of data/records/jacfwd-int-input.json."""

import jax
import jax.numpy as jnp
import numpy as np

from tests.claims import claim, raises


@claim(
    "jnp.arange(n), jnp.array([0, 1, 2]) and Python ints give int32, and jax.random.PRNGKey gives uint32"
)
def integer_dtypes():
    assert jax.random.PRNGKey(0).dtype == jnp.uint32
    for value, name in ((jnp.arange(3), "int32"), (jax.random.PRNGKey(0), "uint32")):
        with raises(TypeError, f"jacfwd requires real-valued inputs .* but got {name}"):
            jax.jacfwd(lambda x: x * 1.0)(value)


@claim("complex inputs to a function that is not holomorphic (the message then says complex64)")
def complex_input():
    with raises(TypeError, "but got complex64"):
        jax.jacfwd(lambda z: z * 2)(jnp.ones(2, jnp.complex64))


@claim('jax.jacfwd (or jax.hessian, which is built on jacfwd and so reports "jacfwd")')
def hessian_reports_jacfwd():
    with raises(TypeError, "^jacfwd requires real-valued inputs"):
        jax.hessian(lambda x: (x * 1.0).sum())(jnp.arange(3))


@claim("call jax.jvp directly with a float0 tangent for it")
def jvp_float0():
    _, tangent = jax.jvp(lambda x, n: x * n, (2.0, 3), (1.0, np.zeros((), jax.dtypes.float0)))
    assert tangent == 3.0
