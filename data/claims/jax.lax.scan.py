"""Claims of data/api/jax.lax.scan.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

XS = jnp.arange(1.0, 4.0)


@claim("The carry returned by f must have exactly init's pytree structure, shapes and dtypes.")
def carry_types():
    with raises(TypeError, "carry input and carry output must have equal types"):
        jax.lax.scan(lambda c, x: (c.astype(jnp.float16), x), jnp.float32(1.0), XS)


@claim("differentiable in both modes")
def both_modes():
    f = lambda c: jax.lax.scan(lambda c, x: (c * x, None), c, XS)[0]
    assert jax.grad(f)(1.0) == 6.0 and jax.jvp(f, (1.0,), (1.0,))[1] == 6.0


@claim("wrap f in jax.checkpoint to recompute them on the backward pass instead")
def checkpointed_body():
    body = jax.checkpoint(lambda c, x: (jnp.sin(c) * x, None))
    plain = lambda c, x: (jnp.sin(c) * x, None)
    g1 = jax.grad(lambda c: jax.lax.scan(body, c, XS)[0])(0.5)
    g2 = jax.grad(lambda c: jax.lax.scan(plain, c, XS)[0])(0.5)
    assert jnp.allclose(g1, g2)


@claim(
    "Custom rules inside the body (custom_vjp bwd, hijax vjp_bwd) run once per iteration during the backward scan."
)
def bwd_per_iteration():
    calls = []
    f = jax.custom_vjp(lambda x: 2.0 * x)
    f.defvjp(
        lambda x: (2.0 * x, None),
        lambda r, g: (jax.debug.callback(lambda: calls.append(1)) or 2.0 * g,),
    )
    jax.grad(lambda c: jax.lax.scan(lambda c, x: (f(c), None), c, XS)[0])(1.0)
    assert len(calls) == 3
