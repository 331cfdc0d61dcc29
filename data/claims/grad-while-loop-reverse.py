"""Claims of data/records/grad-while-loop-reverse.json."""

import jax

from tests.claims import claim, raises

MESSAGE = "Reverse-mode differentiation does not work for lax.while_loop or lax.fori_loop with dynamic start/stop values"


def doubling(x):
    return jax.lax.while_loop(lambda c: c < 10, lambda c: c * 2, x)


@claim("Forward mode (jax.jvp, jax.jacfwd) works.")
def forward_works():
    assert jax.jvp(doubling, (1.0,), (1.0,))[1] == 16.0
    assert jax.jacfwd(doubling)(1.0) == 16.0
    with raises(ValueError, MESSAGE):
        jax.grad(doubling)(1.0)


@claim("a lax.fori_loop whose start or stop is a traced value is a while_loop too")
def traced_fori():
    with raises(ValueError, MESSAGE):
        jax.jit(jax.grad(lambda x, n: jax.lax.fori_loop(0, n, lambda i, c: c * 2, x)))(1.0, 3)


@claim(
    "`jax.lax.fori_loop(0, max_iter, body, x0)` with Python int bounds, or `jax.lax.scan`; both are reverse-differentiable"
)
def static_bounds():
    assert jax.grad(lambda x: jax.lax.fori_loop(0, 3, lambda i, c: c * 2, x))(1.0) == 8.0
    assert jax.grad(lambda x: jax.lax.scan(lambda c, _: (c * 2, None), x, length=3)[0])(1.0) == 8.0


@claim("mark the argument that holds them with static_argnums under jax.jit")
def static_argnums():
    f = jax.jit(
        jax.grad(lambda x, n: jax.lax.fori_loop(0, n, lambda i, c: c * 2, x)), static_argnums=1
    )
    assert f(1.0, 3) == 8.0
