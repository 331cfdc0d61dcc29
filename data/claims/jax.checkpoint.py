"""Claims of data/api/jax.checkpoint.json."""

import inspect

import jax
import jax.numpy as jnp

from tests.claims import claim, flags, raises


@claim("alias jax.remat")
def remat_alias():
    f = lambda x: jnp.sum(jnp.sin(x) ** 2)
    x = jnp.arange(3.0)
    assert jnp.allclose(jax.grad(jax.remat(f))(x), jax.grad(jax.checkpoint(f))(x))


@claim("Checkpoint changes only what is saved, never the gradient value")
def same_gradient():
    f = lambda x: jnp.sum(jnp.sin(jnp.cos(x)) ** 2)
    x = jnp.arange(4.0)
    assert jnp.allclose(jax.grad(jax.checkpoint(f))(x), jax.grad(f)(x))
    policy = jax.checkpoint_policies.nothing_saveable
    assert jnp.allclose(jax.grad(jax.checkpoint(f, policy=policy))(x), jax.grad(f)(x))


@claim("Arguments at static_argnums are treated as Python values, as with jit")
def static_argnums():
    def f(x, n):
        return x**n if n > 1 else x

    assert jax.grad(jax.checkpoint(f, static_argnums=(1,)))(2.0, 3) == 12.0


@claim("static_argnames is accepted but ignored unless the jax_remat3 flag is on")
def static_argnames_need_remat3():
    def power(x, n):
        return x**n if n > 1 else x

    g = jax.checkpoint(power, static_argnames=("n",))
    with raises(jax.errors.TracerBoolConversionError):
        jax.grad(lambda x: g(x, n=3))(2.0)
    with flags(jax_remat3=True):
        h = jax.checkpoint(lambda x, n: power(x, n), static_argnames=("n",))
        assert jax.grad(lambda x: h(x, n=3))(2.0) == 12.0


@claim(
    "using a traced value in Python control flow inside a checkpointed function fails unless it is static"
)
def traced_control_flow_fails():
    with raises(jax.errors.TracerBoolConversionError):
        jax.grad(jax.checkpoint(lambda x, n: x**n if n > 1 else x))(2.0, 3.0)


@claim("jax.remat has no static_argnames parameter")
def remat_signature():
    assert "static_argnames" in inspect.signature(jax.checkpoint).parameters
    assert "static_argnames" not in inspect.signature(jax.remat).parameters


@claim("jax 0.10's checkpoint also takes a deprecated concrete argument")
def concrete_argument():
    assert (
        "concrete" in inspect.signature(jax.checkpoint).parameters
    ) is jax.__version__.startswith("0.10")
