"""Claims of data/records/custom-rule-args-unresolvable.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

MESSAGE = "could not be resolved to positional-only arguments"


def with_rule(fun):
    f = jax.custom_vjp(fun)
    f.defvjp(lambda *a, **k: (fun(*a, **k), None), lambda r, g: (g, None))
    return f


def tempered(logits, temperature):
    return jax.nn.softmax(logits / temperature)


@claim(
    "JAX raises this error at the call, with Python's binding error on the last line, such as `missing a required argument: 'temperature'`"
)
def missing_argument():
    with raises(TypeError, MESSAGE + ".*missing a required argument: 'temperature'"):
        with_rule(tempered)(jnp.ones(3))


@claim("A misspelled or renamed keyword (`temp=` for `temperature=`)")
def misspelled():
    with raises(TypeError, MESSAGE):
        with_rule(tempered)(jnp.ones(3), temp=2.0)


@claim(
    "keywords that bind to a keyword-only or `**kwargs` parameter (only positional parameters can be resolved)"
)
def keyword_only():
    with raises(TypeError, MESSAGE):
        with_rule(lambda x, *, temperature: x / temperature)(jnp.ones(3), temperature=2.0)


@claim("any keyword argument when the decorated function is a functools.partial")
def partial_keywords():
    with raises(TypeError, MESSAGE):
        with_rule(functools.partial(tempered))(jnp.ones(3), temperature=2.0)


@claim("Pass the arguments positionally in the order of the signature.")
def positional_works():
    with_rule(tempered)(jnp.ones(3), 2.0)
    with_rule(tempered)(jnp.ones(3), temperature=2.0)
