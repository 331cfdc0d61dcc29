"""Claims of data/records/linearize-tangent-tree.json."""

import jax

from tests.claims import claim, raises

residual = lambda k, c: k * c


@claim(
    "`expected PyTreeDef((*, *)), got PyTreeDef(((*, *),))` means two arrays were expected and one tuple of two arrived"
)
def one_tuple():
    _, f_jvp = jax.linearize(residual, 2.0, 3.0)
    with raises(
        TypeError,
        "expected PyTreeDef\\(\\(\\*, \\*\\)\\), got PyTreeDef\\(\\(\\(\\*, \\*\\),\\)\\)",
    ):
        f_jvp((1.0, 1.0))


@claim("Pass one tangent per primal as separate arguments: `f_jvp(dk, dc)`.")
def separate():
    _, f_jvp = jax.linearize(residual, 2.0, 3.0)
    assert f_jvp(1.0, 1.0) == 5.0


@claim(
    "`y, f_jvp = jax.linearize(lambda p: residual(*p), (k, c))`; then `f_jvp((dk, dc))` is right"
)
def one_pytree():
    _, f_jvp = jax.linearize(lambda p: residual(*p), (2.0, 3.0))
    assert f_jvp((1.0, 1.0)) == 5.0


@claim("`jax.jacfwd(residual, argnums=(0, 1))(k, c)` builds the columns for you")
def jacfwd_columns():
    assert jax.jacfwd(residual, argnums=(0, 1))(2.0, 3.0) == (3.0, 2.0)
