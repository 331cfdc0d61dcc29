"""Claims of data/records/jacrev-key-output.json."""

import jax

from tests.claims import claim, raises

KEY = jax.random.key(0)


def step(x, key):
    return x * 2.0, key


@claim("the message names the API and the dtype")
def names_api():
    with raises(TypeError, "^jacrev with output element type key<fry>"):
        jax.jacrev(lambda x: step(x, KEY))(1.0)
    with raises(TypeError, "^grad with output element type key<fry>"):
        jax.grad(lambda x: step(x, KEY)[1])(1.0)


@claim(
    '(An old-style uint32 jax.random.PRNGKey in the output gives jacrev\'s "requires real-valued outputs ... but got uint32" instead.)'
)
def old_key():
    with raises(TypeError, "jacrev requires real-valued outputs .* but got uint32"):
        jax.jacrev(lambda x: (x * 2.0, jax.random.PRNGKey(0)))(1.0)


@claim(
    "`jac, key = jax.jacrev(step, has_aux=True)(x, key)` differentiates the result and returns the key unchanged as aux"
)
def has_aux():
    jac, key = jax.jacrev(step, has_aux=True)(1.0, KEY)
    assert jac == 2.0 and key is not None


@claim("`jax.jacrev(lambda x: step(x, key)[0])(x)`")
def first_output():
    assert jax.jacrev(lambda x: step(x, KEY)[0])(1.0) == 2.0
