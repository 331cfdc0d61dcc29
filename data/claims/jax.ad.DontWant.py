"""Claims of data/api/jax.ad.DontWant.json."""

import jax
import jax.numpy as jnp

from tests.claims import claim


@claim(
    "jax.ad is a namespace holding DontWant, DidntWant, GradRef and GradValue (defined in jax._src.api)"
)
def namespace():
    names = {n for n in dir(jax.ad) if not n.startswith("_")}
    assert names == {"DontWant", "DidntWant", "GradRef", "GradValue"}
    assert all(getattr(jax.ad, n).__module__ == "jax._src.api" for n in names)


@claim("that gradient is not computed and its entry in the result is DidntWant()")
def skipped():
    _, f_vjp = jax.vjp(lambda w_ref, x: w_ref[...] * x, jax.new_ref(jnp.ones(2)), jnp.ones(2))
    skipped, x_ct = f_vjp.with_refs(jax.ad.DontWant(), jax.ad.GradValue())(jnp.ones(2))
    assert type(skipped).__name__ == "DidntWant" and (x_ct == 1).all()
