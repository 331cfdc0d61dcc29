"""Claims of data/records/jacfwd-key-input.json."""

import jax

from tests.claims import claim, raises

STATE = {"w": 1.0, "rng": jax.random.key(0)}


@claim(
    'jax.jacfwd (or jax.hessian, which reports "jacfwd") was asked to differentiate with respect to an input leaf with an extended dtype'
)
def key_in_state():
    for api in (jax.jacfwd, jax.hessian):
        with raises(TypeError, "^jacfwd with input element type key<fry>"):
            api(lambda s: s["w"] ** 2)(STATE)


@claim(
    '(jax.grad and jax.jacrev report the same situation as "requires real- or complex-valued inputs ... but got key<fry>", and an old-style uint32 PRNGKey gives jacfwd\'s "requires real-valued inputs ... but got uint32".)'
)
def other_apis():
    for api, name in ((jax.grad, "grad"), (jax.jacrev, "jacrev")):
        with raises(
            TypeError, f"^{name} requires real- or complex-valued inputs .* but got key<fry>"
        ):
            api(lambda s: s["w"] ** 2)(STATE)
    with raises(TypeError, "jacfwd requires real-valued inputs .* but got uint32"):
        jax.jacfwd(lambda s: s["w"] ** 2)({"w": 1.0, "rng": jax.random.PRNGKey(0)})


@claim('`jax.hessian(lambda w: loss({**state, "w": w}, x))(state["w"])`')
def close_over_key():
    assert jax.hessian(lambda w: ({**STATE, "w": w}["w"]) ** 3)(STATE["w"]) == 6.0
