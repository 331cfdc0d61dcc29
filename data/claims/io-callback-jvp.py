"""Claims of data/records/io-callback-jvp.json."""

import jax
from jax.experimental import io_callback

from tests.claims import claim, raises


def record(value):
    return None


@claim(
    "The error is raised while tracing, on the io_callback line, whether or not the callback's result is used in the differentiated output."
)
def unused_result():
    for differentiate in (jax.grad, lambda f: lambda x: jax.jvp(f, (x,), (x,))):
        with raises(ValueError, "IO callbacks do not support JVP"):
            differentiate(lambda x: (io_callback(record, None, x), x**2)[1])(1.0)


@claim("pass it through `jax.lax.stop_gradient` first")
def stop_gradient():
    f = lambda x: (io_callback(record, None, jax.lax.stop_gradient(x), ordered=True), x**2)[1]
    assert jax.grad(f)(1.0) == 2.0


@claim(
    "`jax.debug.callback(record_loss, loss)` is made for this: it works under jax.grad, jit and vmap"
)
def debug_callback():
    f = lambda x: (jax.debug.callback(record, x), x**2)[1]
    assert jax.jit(jax.grad(f))(1.0) == 2.0
    jax.vmap(jax.grad(f))(jax.numpy.ones(2))
