"""Claims of data/records/grad-complex-output.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim, raises

X = jnp.arange(4.0)


@claim(
    "jax.grad (or jax.value_and_grad, jax.jacrev, jax.hessian) was asked to differentiate a function whose output is complex"
)
def complex_refused():
    f = lambda x: jnp.sum(jnp.fft.fft(x) ** 2)
    for api in (jax.grad, jax.value_and_grad, jax.hessian):
        with raises(TypeError, "requires real-valued outputs .* but got complex64"):
            api(f)(X)
    with raises(TypeError, "requires real-valued outputs"):
        jax.jacrev(lambda x: jnp.fft.fft(x))(X)


@claim(
    "use the squared magnitude `jnp.abs(err) ** 2` (or `(err * jnp.conj(err)).real`) instead of `err ** 2`"
)
def magnitude_works():
    a = jax.grad(lambda x: jnp.sum(jnp.abs(jnp.fft.fft(x)) ** 2))(X)
    b = jax.grad(lambda x: jnp.sum((jnp.fft.fft(x) * jnp.conj(jnp.fft.fft(x))).real))(X)
    assert jnp.allclose(a, b, atol=1e-4)


@claim("pass complex inputs and `holomorphic=True`: `jax.grad(f, holomorphic=True)(z)`")
def holomorphic():
    assert jnp.allclose(jax.grad(lambda z: z**2, holomorphic=True)(1.0 + 1.0j), 2.0 + 2.0j)


@claim(
    "differentiate the real and imaginary parts separately: `jax.grad(lambda x: f(x).real)` and `jax.grad(lambda x: f(x).imag)`"
)
def parts():
    f = lambda x: jnp.exp(1j * x)
    assert jnp.allclose(jax.grad(lambda x: f(x).real)(1.0), -jnp.sin(1.0))
    assert jnp.allclose(jax.grad(lambda x: f(x).imag)(1.0), jnp.cos(1.0))
