"""Claims of data/records/closure-convert-structure.json."""

import jax

from tests.claims import claim, raises


def converted_step():
    p = 2.0

    def step(state):
        return (state[0] * p, state[1] + p)

    return jax.closure_convert(step, (1.0, 2.0))


@claim(
    "returns a function called as `converted(*args, *consts)`, where args must have the structure of example_args"
)
def same_structure_works():
    converted, consts = converted_step()
    assert converted((1.0, 2.0), *consts) == (2.0, 4.0)


@claim(
    "Unpacking a tuple state (`converted(*state, *consts)` for an example argument `state`) or passing a list where a tuple was traced are the usual causes."
)
def unpacking_fails():
    converted, consts = converted_step()
    with raises(TypeError, "must have the same Pytree structure as the example arguments"):
        converted(1.0, 2.0, *consts)
    with raises(TypeError, "must have the same Pytree structure as the example arguments"):
        converted([1.0, 2.0], *consts)
