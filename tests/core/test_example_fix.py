"""A record's exampleFix as an edit: found only where the code is literally its before code."""

from __future__ import annotations

import ast
import textwrap
from pathlib import Path

from jaxerr_ls.fixes import Applicability, FixTarget, fixes_for
from jaxerr_ls.fixes.example import example_edit, find_before
from jaxerr_ls.records import split_example
from jaxerr_ls.spans import Span, apply_edits

EXAMPLE = """# before
def f_bwd(x, g):
    return (jnp.sum(g * x),)  # a scalar for a vector input
# after
def f_bwd(x, g):
    return (g * x,)  # same shape as x"""

USER = textwrap.dedent(
    """\
    import jax
    import jax.numpy as jnp


    class Model:
        def f_bwd(self_unused, x, g):
            return 0

        # the rule, as written in a class body
        def f_bwd(x, g):
            # Bug: summed over the batch.
            return (jnp.sum( g * x ),)   # jaxerr-expect: something


    def loss(x):
        return jnp.sum(x)
    """
)


def test_the_example_splits_into_before_and_after() -> None:
    before, after = split_example(EXAMPLE)
    assert before is not None and before.startswith("def f_bwd")
    assert after is not None and after.endswith("same shape as x")
    assert split_example("just some code\nwithout markers") == (None, None)


def test_before_code_is_found_without_comments_whitespace_or_indentation() -> None:
    before, _ = split_example(EXAMPLE)
    assert before is not None
    place = find_before(USER, before)
    assert place is not None
    lines = USER.splitlines()
    assert lines[place.first - 1].strip() == "def f_bwd(x, g):"
    assert "jnp.sum( g * x )" in lines[place.last - 1]


def test_the_after_code_replaces_it_at_the_users_indentation() -> None:
    found = example_edit(Path("model.py"), USER, EXAMPLE)
    assert found is not None
    edit, _ = found
    fixed = apply_edits(USER, [edit])
    ast.parse(fixed)
    assert "        return (g * x,)  # same shape as x" in fixed
    assert "jnp.sum( g * x )" not in fixed
    assert fixed.count("def f_bwd(") == 2  # the other method is untouched


def test_code_that_only_resembles_the_example_gets_no_edit() -> None:
    different = USER.replace("jnp.sum( g * x )", "jnp.mean(g * x)")
    assert example_edit(Path("model.py"), different, EXAMPLE) is None
    twice = USER + "\n\ndef f_bwd(x, g):\n    return (jnp.sum(g * x),)\n"
    assert example_edit(Path("model.py"), twice, EXAMPLE) is None


def test_a_hash_inside_a_string_is_code_not_a_comment() -> None:
    example = '# before\nname = "a#b"\n# after\nname = "a-b"'
    assert example_edit(Path("x.py"), 'name = "a"\n', example) is None
    found = example_edit(Path("x.py"), 'name = "a#b"  # note\n', example)
    assert found is not None
    assert apply_edits('name = "a#b"  # note\n', [found[0]]) == 'name = "a-b"\n'


def test_untokenizable_input_gets_no_edit() -> None:
    assert example_edit(Path("x.py"), 'x = """never closed\n', EXAMPLE) is None
    assert example_edit(Path("x.py"), USER, '# before\nx = """open\n# after\nx = 1') is None


def _target(line: int) -> FixTarget:
    return FixTarget(code="example-error", span=Span(Path("model.py"), line, 0, line, 10))


def test_the_example_is_offered_as_a_quick_fix_near_the_error_only() -> None:
    def read(path: Path) -> str | None:
        return USER if path == Path("model.py") else None

    error_line = next(n for n, text in enumerate(USER.splitlines(), 1) if "jnp.sum(x)" in text)
    [fix] = fixes_for(_target(error_line), read, EXAMPLE)
    assert fix.title == "Apply the example fix of example-error"
    # Written for another program: offered one by one, never by fix-all.
    assert fix.applicability == Applicability.UNSAFE
    ast.parse(apply_edits(USER, list(fix.edits)))
    far = USER + "\n" * 40 + "y = loss(1.0)\n"
    far_line = len(far.splitlines())
    assert fixes_for(_target(far_line), lambda p: far, EXAMPLE) == []
    assert fixes_for(_target(error_line), read, None) == []


def test_the_example_matches_code_that_differs_only_in_the_names_it_binds() -> None:
    user = textwrap.dedent(
        """\
        import jax.numpy as jnp


        def relu6_bwd(mask, ct):  # the user's own names
            return (jnp.sum( ct * mask ),)
        """
    )
    found = example_edit(Path("ops.py"), user, EXAMPLE)
    assert found is not None
    fixed = apply_edits(user, [found[0]])
    ast.parse(fixed)
    # The line the example keeps stays as the user wrote it, comment and all.
    assert fixed.splitlines()[3:] == [
        "def relu6_bwd(mask, ct):  # the user's own names",
        "    return (ct * mask,)  # same shape as x",
    ]


def test_names_the_example_does_not_bind_must_be_the_same() -> None:
    # jnp.sum is not a name of the example's own: jnp.mean is other code.
    user = "def relu6_bwd(mask, ct):\n    return (jnp.mean(ct * mask),)\n"
    assert example_edit(Path("ops.py"), user, EXAMPLE) is None
    # Two names of the example made one in the user's code: not a renaming.
    user = "def relu6_bwd(ct, ct2):\n    return (jnp.sum(ct * ct),)\n"
    assert example_edit(Path("ops.py"), user, EXAMPLE) is None
