"""Claims of data/api/jax.lax.while_loop.json."""

import jax

from tests.claims import claim, raises

doubling = lambda x: jax.lax.while_loop(lambda c: c < 10, lambda c: c * 2, x)


@claim(
    'jax.grad or jax.vjp through a while_loop raises "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values". jax.jvp works.'
)
def reverse_fails_forward_works():
    message = "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values"
    with raises(ValueError, message):
        jax.grad(doubling)(1.0)
    with raises(ValueError, message):
        jax.vjp(doubling, 1.0)[1](1.0)
    assert jax.jvp(doubling, (1.0,), (1.0,))[1] == 16.0


@claim("body_fun must return a carry with exactly init_val's structure, shapes and dtypes")
def carry():
    with raises(
        TypeError, "while_loop body function carry input and carry output must have equal types"
    ):
        jax.lax.while_loop(
            lambda c: c < 10, lambda c: (c * 2).astype("float16"), jax.numpy.float32(1.0)
        )
