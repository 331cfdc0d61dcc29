"""Claims of data/records/jacobian-argnums-out-of-range.json."""

import functools

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

OUT_OF_RANGE = "Positional argument indices, e.g. for `static_argnums`, must have value"


def temperature(conductivity, source):
    return source / (conductivity + jnp.arange(1.0, 4.0))


K, Q = jnp.ones(3), 2.0


@claim("An argnums given to jax.jacrev, jax.jacfwd or jax.hessian points past the positional")
def every_jacobian_transform():
    for transform in (jax.jacrev, jax.jacfwd, jax.hessian):
        with raises(ValueError, OUT_OF_RANGE):
            transform(temperature, argnums=2)(K, Q)


@claim("Arguments passed by keyword do not count and cannot be differentiated.")
def keywords_do_not_count():
    with raises(ValueError, "but got value 1 for len\\(args\\) == 1"):
        jax.jacrev(temperature, argnums=1)(K, source=Q)


@claim("The message gives the first index out of range and the number of")
def first_index_and_count():
    with raises(ValueError, "but got value 2 for len\\(args\\) == 2\\."):
        jax.jacfwd(temperature, argnums=(2, 3))(K, Q)


@claim("every index must be at least -len(args) and below len(args)")
def negative_indices():
    assert jax.jacrev(temperature, argnums=-2)(K, Q).shape == (3, 3)
    with raises(ValueError, "but got value -3 for len\\(args\\) == 2"):
        jax.jacrev(temperature, argnums=-3)(K, Q)


@claim("Count argnums from 0 over the positional arguments of the call")
def counted_from_zero():
    dk, dq = jax.jacrev(temperature, argnums=(0, 1))(K, Q)
    assert dk.shape == (3, 3) and dq.shape == (3,)


@claim(
    "When functools.partial fixes leading arguments, count argnums over the arguments that remain."
)
def partial_counts_the_rest():
    at_k = functools.partial(temperature, K)
    assert jax.jacfwd(at_k, argnums=0)(Q).shape == (3,)
    with raises(ValueError, OUT_OF_RANGE):
        jax.jacfwd(at_k, argnums=1)(Q)
