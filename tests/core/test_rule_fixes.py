"""Fixes of custom rules, hijax ``vjp_bwd`` methods and the tangents, Refs and outputs given to
transforms, on programs written in other styles than the records' examples
(tests/fixtures/rule_fixes, with their real output): the exact fixed source, that it parses,
where the culprit lands, and no edit where the types leave a doubt."""

from __future__ import annotations

import ast
import difflib
import shutil
from pathlib import Path

import pytest

from jaxerr_ls.catalog import Catalog
from jaxerr_ls.diagnose import Analyzer
from jaxerr_ls.fixes import Applicability, Fix, FixTarget, finding_target, fixes_for
from jaxerr_ls.fixes.example import rename
from jaxerr_ls.fixes.show import name_mapping
from jaxerr_ls.spans import apply_edits

HERE = Path(__file__).resolve().parents[1] / "fixtures" / "rule_fixes"
PROGRAMS = sorted(p.stem for p in HERE.glob("*.py") if p.name != "capture.py")

# program -> (record code, the culprit's line as text (None: no culprit, the failing call is
# where the fix starts), the preferred fix's applicability)
EXPECTED: dict[str, tuple[str, str | None, Applicability]] = {
    "vjp_trailing_default_temperature": (
        "custom-vjp-bwd-structure",
        "return d_logits, g_shift",
        Applicability.UNSAFE,
    ),
    "jvp_tangent_vdot_scalar": (
        "custom-jvp-tangent-mismatch",
        "return soft_clip(x), jnp.vdot(slope, x_dot)",
        Applicability.UNSAFE,
    ),
    "hijax_logs_mapping_proxy": (
        "hijax-vjp-bwd-return",
        "return MappingProxyType(self.logs)",
        Applicability.SAFE,
    ),
    "vjp_cotangent_transposed": ("vjp-cotangent-shape", None, Applicability.UNSAFE),
    "aux_wrapper_drops_aux": (
        "grad-has-aux-not-pair",
        "return factor * value",
        Applicability.UNSAFE,
    ),
    "nonscalar_registry_peer_sum": ("grad-nonscalar-output", "return w**2", Applicability.UNSAFE),
    "grad_ref_among_argnums": ("grad-ref-argument", None, Applicability.SAFE),
    "vjp_seed_for_one_of_two_outputs": ("vjp-cotangent-tree", None, Applicability.UNSAFE),
    "grad_start_at_argmax": ("grad-int-input", "return jnp.argmax(scores)", Applicability.UNSAFE),
    "nonscalar_registered_by_decorator": (
        "grad-nonscalar-output",
        "return jnp.diff(u, n=2) ** 2",
        Applicability.UNSAFE,
    ),
    "jvp_probe_drawn_flat": (
        "jvp-shape-mismatch",
        "tangents = jax.tree.unflatten(tree, [probe(k, leaf) for k, leaf in zip(keys, leaves)])",
        Applicability.UNSAFE,
    ),
    "jvp_rows_times_stacked_tangents": (
        "custom-jvp-tangent-mismatch",
        "return r, rows @ stacked",
        Applicability.UNSAFE,
    ),
    "complex_log_spectra": (
        "grad-complex-output",
        "return jnp.mean((jnp.log(1.0 + sx) - jnp.log(1.0 + sy)) ** 2)",
        Applicability.UNSAFE,
    ),
    "fwd_dict_keyed_residuals": (
        "custom-vjp-fwd-not-pair",
        "return dict(result=scale * e, scale=scale, e=e)",
        Applicability.UNSAFE,
    ),
    "fwd_dict_output_saved": (
        "custom-vjp-fwd-not-pair",
        'return {"out": y, "saved": (x, bound)}',
        Applicability.UNSAFE,
    ),
    "fwd_two_outputs_flat": (
        "custom-vjp-fwd-not-pair",
        "return r, phi, v, r",
        Applicability.UNSAFE,
    ),
    "hijax_method_helper_one_acc": (
        "hijax-vjp-bwd-return",
        "return self._add_into(x_acc, g / (1.0 + jnp.abs(x)) ** 2)",
        Applicability.SAFE,
    ),
    "hijax_module_helper_returned": (
        "hijax-vjp-bwd-return",
        "return accumulate_all([x_acc, gate_acc], [g * s, g * x * s * (1.0 - s)])  # both inputs",
        Applicability.SAFE,
    ),
    "jvp_two_outputs_flat": (
        "custom-jvp-rule-not-pair",
        "return s, c, c * dtheta, -s * dtheta",
        Applicability.SAFE,
    ),
    "jvp_two_outputs_named_tangents": (
        "custom-jvp-rule-not-pair",
        "return [mu, var, dmu, dvar]",
        Applicability.SAFE,
    ),
    "fwd_single_residual": (
        "custom-vjp-fwd-not-pair",
        "return soft_threshold(v)",
        Applicability.UNSAFE,
    ),
    "hijax_two_accums": (
        "hijax-vjp-bwd-return",
        "return ct * w, ct * x  # product rule",
        Applicability.SAFE,
    ),
    "hijax_accum_results_returned": ("hijax-vjp-bwd-return", "return [", Applicability.SAFE),
    "hijax_star_accums": ("hijax-vjp-bwd-return", "return [", Applicability.SAFE),
    "jvp_rule_no_unpack": (
        "custom-jvp-rule-not-pair",
        "return jax.nn.sigmoid(primals[0]) * tangents[0]",
        Applicability.SAFE,
    ),
    # The tangent's dtype is made where the returned name is defined: the culprit is there,
    # the cast goes on the return.
    "jvp_tangent_bf16": (
        "custom-jvp-tangent-mismatch",
        "dy = 3 * x.astype(jnp.bfloat16) ** 2 * dx.astype(jnp.bfloat16)",
        Applicability.SAFE,
    ),
    "jvp_tangent_new_axis": (
        "custom-jvp-tangent-mismatch",
        "tangent_out = slope[..., jnp.newaxis] * t",
        Applicability.UNSAFE,
    ),
    "vjp_cotangent_new_axis": (
        "custom-vjp-bwd-args-mismatch",
        "return g[:, None] * s, g * x",
        Applicability.UNSAFE,
    ),
    "vjp_gain_full_sum_batch": (
        "custom-vjp-bwd-args-mismatch",
        "d_gain = (ct * h).sum()",
        Applicability.UNSAFE,
    ),
    "vjp_bias_full_sum_static": (
        "custom-vjp-bwd-args-mismatch",
        "return dz, jnp.sum(dz)",
        Applicability.UNSAFE,
    ),
    "vjp_one_cotangent_of_three": (
        "custom-vjp-bwd-structure",
        "return d_logits",
        Applicability.UNSAFE,
    ),
    "vjp_two_cotangents_of_three": (
        "custom-vjp-bwd-structure",
        "return (w_grad, x_grad)",
        Applicability.UNSAFE,
    ),
    "jvp_tangent_row_sum": (
        "custom-jvp-tangent-mismatch",
        "return y, (slope * t).sum(axis=1)  # per-row tangent",
        Applicability.UNSAFE,
    ),
    "vjp_axis_negative": (
        "custom-vjp-bwd-args-mismatch",
        "ds = jnp.sum(g * h, axis=-1)",
        Applicability.UNSAFE,
    ),
    "vjp_bias_unsummed_list": (
        "custom-vjp-bwd-args-mismatch",
        "return [dz @ w.T, x.T @ dz, d_bias]",
        Applicability.UNSAFE,
    ),
    "vjp_channel_step_full_sum": ("custom-vjp-bwd-args-mismatch", "return (", Applicability.UNSAFE),
    "vjp_dict_for_namedtuple": ("custom-vjp-bwd-structure", "return (", Applicability.SAFE),
    "vjp_dot_transposed": (
        "custom-vjp-bwd-args-mismatch",
        "dw = jnp.dot(g.T, x)",
        Applicability.SAFE,
    ),
    "vjp_keepdims_method": (
        "custom-vjp-bwd-args-mismatch",
        "d_gain = (ct * x / (1.0 + eps)).sum(axis=0,",
        Applicability.SAFE,
    ),
    "vjp_namedtuple_bare": (
        "custom-vjp-bwd-structure",
        "return Spring(k=g * 0.5 * stretch**2, rest=-g * p.k * stretch)",
        Applicability.SAFE,
    ),
    "vjp_nondiff_middle": (
        "custom-vjp-bwd-structure",
        "return (g * factor, None, jnp.sum(-g * x * n * (1.0 - rate) ** (n - 1)))",
        Applicability.SAFE,
    ),
    "vjp_static_methods_nondiff": (
        "custom-vjp-bwd-structure",
        "return (",
        Applicability.SAFE,
    ),
    "vjp_zeros_like_wrong": (
        "custom-vjp-bwd-args-mismatch",
        "return g, jnp.zeros_like(g)  # bias is frozen",
        Applicability.SAFE,
    ),
    "jvp_stacked_array": ("custom-jvp-rule-not-pair", "return np.array(", Applicability.SAFE),
    "jvp_three_outputs_tangent_list": (
        "custom-jvp-rule-not-pair",
        "return rho, polar, azimuth, [rho_dot, polar_dot, azimuth_dot]",
        Applicability.SAFE,
    ),
    "fwd_dataclass_residuals": ("custom-vjp-fwd-not-pair", "return saved", Applicability.UNSAFE),
    "hijax_listcomp_accums": (
        "hijax-vjp-bwd-return",
        "return [acc.accum(ct) for acc, ct in zip((w_acc, x_acc), grads)]",
        Applicability.SAFE,
    ),
    "hijax_tree_map_acc_second": (
        "hijax-vjp-bwd-return",
        "return jax.tree.map(",
        Applicability.SAFE,
    ),
    "vjp_namedtuple_grouped_swapped": (
        "custom-vjp-bwd-structure",
        "return (grad_b, grad_w), g @ p.w.T",
        Applicability.SAFE,
    ),
    "jvp_dict_tangent_first": (
        "custom-jvp-rule-not-pair",
        'return {"jvp": dx * x / smooth_abs(x, eps), "y": smooth_abs(x, eps)}',
        Applicability.SAFE,
    ),
    "jvp_dict_of_a_dict_function": (
        "custom-jvp-rule-not-pair",
        'return {"mean": jnp.mean(dx), "power": jnp.mean(2.0 * x * dx)}',
        Applicability.SAFE,
    ),
    "vjp_params_tuple_flat": (
        "custom-vjp-bwd-structure",
        "return (weight_ct, shift_ct, h_ct)",
        Applicability.SAFE,
    ),
    # A unit axis the input has and the sum drops: kept with keepdims=True, not the sum removed.
    "vjp_channel_scale_sum_kept": (
        "custom-vjp-bwd-args-mismatch",
        "return ct * g, (ct * signal).sum(-1)  # over the samples",
        Applicability.SAFE,
    ),
    # A tuple argument's cotangents spread into the output: returned as the one tuple.
    "vjp_spread_params_list": (
        "custom-vjp-bwd-structure",
        "return [*grads, w.T @ g]",
        Applicability.SAFE,
    ),
    # The pair packed in a two-field dataclass, by keyword and out of order.
    "jvp_dataclass_pair_keywords": (
        "custom-jvp-rule-not-pair",
        "return Jet(slope=x / y * x_t, value=y)",
        Applicability.SAFE,
    ),
    # A scalar function's tangent left as the elementwise product, through a local name.
    "jvp_energy_tangent_named": (
        "custom-jvp-tangent-mismatch",
        "return spring_energy(x), rate",
        Applicability.UNSAFE,
    ),
    # A comparison's bools as the tangent: cast where they are made.
    "jvp_mask_tangent_local": (
        "jvp-dtype-mismatch",
        "mask = params > params.mean()  # probe only the large coordinates",
        Applicability.UNSAFE,
    ),
    # An overlap of two states returned by a helper the loss alone calls.
    "complex_overlap_helper": (
        "grad-complex-output",
        "return jnp.vdot(TARGET, psi)",
        Applicability.UNSAFE,
    ),
    # One DontWant() for a dict argument: one per leaf. (No culprit: the call is the fault.)
    "refs_dontwant_dict_batch": ("vjp-with-refs-tree", None, Applicability.SAFE),
    # A gradient slot made by a helper one unit axis short: the axis added where it is made.
    "refs_grad_slot_helper_row": (
        "vjp-with-refs-aval",
        "slot = slot_for(x)",
        Applicability.SAFE,
    ),
    # A hook whose value vjp_bwd returns makes a bare statistic: logged under its name.
    "hijax_hook_norm_stat": (
        "hijax-vjp-bwd-return",
        "return jnp.linalg.norm(g)",
        Applicability.SAFE,
    ),
    # A host function of SciPy and NumPy functions JAX has: computed in JAX.
    "callback_stats_two_operands": ("pure-callback-jvp", None, Applicability.UNSAFE),
    # A NamedTuple's fields printed as vmap tracers (a scalar per example): its loss field.
    "grad_record_under_vmap": (
        "grad-output-not-array",
        "per_example = jax.vmap(jax.grad(hinge), in_axes=(None, 0, 0))",
        Applicability.UNSAFE,
    ),
    # A Python if returning early, assignments, then the other return: one jnp.where.
    "where_return_after_assignments": ("tracer-bool-conversion", None, Applicability.UNSAFE),
    # if/else returning pairs, in a method: the pairs selected item by item.
    "where_tuple_returns_method": ("tracer-bool-conversion", None, Applicability.UNSAFE),
    # A jit that marks another argument static already: the loop bound added to its names.
    "static_bound_beside_marked": (
        "tracer-integer-conversion",
        '@partial(jax.jit, static_argnames=("mode",))',
        Applicability.UNSAFE,
    ),
    # Ones of the empty shape seeding a vector output's pullback.
    "vjp_seed_empty_shape": ("vjp-cotangent-shape", None, Applicability.UNSAFE),
    # A reduction over the wrong axis under a scale and a sign: the other axis, where it is made.
    "vjp_pair_sum_negated_axis": (
        "custom-vjp-bwd-args-mismatch",
        "d_p = -2.0 * jnp.sum(w, axis=0)",
        Applicability.UNSAFE,
    ),
    # One unnamed cotangent for two arguments, the second never read by the rule: None for it.
    "vjp_unnamed_cotangent_hyper": (
        "custom-vjp-bwd-structure",
        "return (g * s,)",
        Applicability.UNSAFE,
    ),
    # A tuple of int literals made the differentiated array: written as floats where it is.
    "grad_int_tuple_literal": (
        "grad-int-input",
        "ENDS_GUESS = (80, 20)  # left / right end, degrees C",
        Applicability.UNSAFE,
    ),
    # A loss returning one array to has_aux=True, its aux unpacked and never read: flag dropped.
    "aux_unused_single_value": ("grad-has-aux-not-pair", None, Applicability.UNSAFE),
    # A row reduction's tangent left per element: summed over the axis the primal reduces.
    "jvp_tangent_reduced_axis": (
        "custom-jvp-tangent-mismatch",
        "return row_energy(x), slope * x_dot",
        Applicability.UNSAFE,
    ),
    # A dict tangent's entry built in another key's leaf shape: its own leaf's shape.
    "jvp_dict_tangent_other_key": ("jvp-shape-mismatch", "return {", Applicability.UNSAFE),
    # A class's one-hot seeding a batch of scores: broadcast over the batch at the pullback.
    "vjp_seed_class_row": ("vjp-cotangent-shape", None, Applicability.UNSAFE),
    # A one-hot seed of the output's last axis made with ``.at[c]``: broadcast at the pullback,
    # not built in the whole shape (where ``.at[c]`` would pick a row).
    "vjp_seed_onehot_at": (
        "vjp-cotangent-shape",
        "return jnp.zeros(out.shape[-1], out.dtype).at[channel].set(1.0)",
        Applicability.UNSAFE,
    ),
    # A fwd's flag branch returning the output alone, its bwd unpacking two or three residuals:
    # the two the other return does not save.
    "fwd_branch_residuals": ("custom-vjp-fwd-not-pair", "return out", Applicability.UNSAFE),
    # Tangent directions converted from int literals: converted as floats.
    "linearize_int_directions": (
        "linearize-tangent-aval",
        "return jnp.array([[1, 0], [0, 1], [1, 1]])",
        Applicability.UNSAFE,
    ),
    # One array stacked from the loss and a metric for has_aux: the loss, then the array.
    "aux_stacked_metrics": (
        "grad-has-aux-not-pair",
        "return jnp.stack([loss, mae])",
        Applicability.UNSAFE,
    ),
    # A (loss, metrics) value only handed back by the step: has_aux=True, the pair kept whole.
    "aux_value_handed_back": (
        "grad-output-not-array",
        "value_and_grad = jax.value_and_grad(loss_fn)",
        Applicability.UNSAFE,
    ),
    # A dict of cotangents a helper keys by argument name, read back in the arguments' order.
    "vjp_cotangents_keyed_by_name": (
        "custom-vjp-bwd-structure",
        "return cotangents_by_name(u, a, v, g)",
        Applicability.SAFE,
    ),
    # A dict display with a comment in it: kept whole under a name, read by key.
    "vjp_cotangent_dict_display": ("custom-vjp-bwd-structure", "return {", Applicability.SAFE),
    # A 1-tuple around the pair a helper returns: the pair itself.
    "vjp_one_tuple_around_pair": (
        "custom-vjp-bwd-structure",
        "return (hinge_cotangents(active, g),)",
        Applicability.SAFE,
    ),
    # A full sum for a one-entry (1,) gain: the same sum, in the gain's shape.
    "vjp_size_one_gain_full_sum": (
        "custom-vjp-bwd-args-mismatch",
        "d_gain = jnp.sum(local * signal)",
        Applicability.UNSAFE,
    ),
    # A registry entry returning one value: the aux its sibling entries return, read from
    # names it binds as they do (a def registered by a decorator; a lambda in a dict display).
    "aux_registry_entry_metrics": (
        "grad-has-aux-not-pair",
        "return jnp.mean(jnp.where(a < delta, 0.5 * r**2, delta * (a - 0.5 * delta)))",
        Applicability.UNSAFE,
    ),
    "aux_registry_lambda_entry": (
        "grad-has-aux-not-pair",
        '"square": lambda s_pos, s_neg: jnp.mean((1.0 - s_pos + s_neg) ** 2),',
        Applicability.UNSAFE,
    ),
    # The entry computes one local it never reads, its siblings' aux are dicts: that local.
    "aux_unread_local_metric": ("grad-has-aux-not-pair", "return err", Applicability.UNSAFE),
    # The parts spread after the total: they are the aux, unspread.
    "aux_spread_terms": (
        "grad-has-aux-not-pair",
        "return (stretch + 10.0 * floor, *terms)",
        Applicability.UNSAFE,
    ),
    # The same, the spread name bound to a helper's tuple: its size is the helper's.
    "aux_spread_helper_parts": (
        "grad-has-aux-not-pair",
        "return fit + sum(parts), *parts",
        Applicability.UNSAFE,
    ),
    # A flag-guarded return of the loss alone, the other returning a named dict: an empty one.
    "aux_flag_named_metrics": ("grad-has-aux-not-pair", "return nll", Applicability.UNSAFE),
    # A helper packs the loss and a metric into one row (printed as float32[2]): loss first.
    "aux_helper_row": ("grad-has-aux-not-pair", "return log_row(xent, hits)", Applicability.UNSAFE),
    # A decorator pairing the function's own (output, aux) with a timing: the decorator goes.
    "out_decorator_adds_timing": ("grad-output-not-array", "@stopwatch", Applicability.UNSAFE),
    # has_aux read from a setting left False, the function returning a pair: True there.
    "out_setting_without_aux": (
        "grad-output-not-array",
        "with_aux: bool = False",
        Applicability.UNSAFE,
    ),
    # A wrapper keeps the wrapped function's value in a name, logs it, returns nothing.
    "out_wrapper_keeps_value": (
        "grad-output-not-array",
        'jax.debug.print("loss {l}", l=loss)',
        Applicability.UNSAFE,
    ),
    # Weighted terms returned one by one (a dict comprehension, a tree map): their sum.
    "out_weighted_dict_comp": (
        "grad-output-not-array",
        "return {task: loss * TASK_WEIGHT[task] for task, loss in losses.items()}",
        Applicability.UNSAFE,
    ),
    "out_weighted_tree_map": (
        "grad-output-not-array",
        "return jax.tree.map(lambda e, s: s * e, terms, scale)",
        Applicability.UNSAFE,
    ),
    # A loop bound rounded down with jnp and cast to int: math.floor, a static int.
    "bound_floor_steps": (
        "grad-while-loop-reverse",
        "steps = jnp.floor(duration / step).astype(jnp.int32)",
        Applicability.UNSAFE,
    ),
    # A bwd entry named for a helper's reduction that keeps its axis: squeezed at the return.
    "vjp_helper_named_keepdims": (
        "custom-vjp-bwd-args-mismatch",
        "return jnp.sum(v, axis=0, keepdims=True)",
        Applicability.SAFE,
    ),
    # A cotangent whose shape a call chose (a shared helper keeping the axis, a reduction in
    # the product): the culprit is its definition, the edit at the return.
    "vjp_shared_helper_column": (
        "custom-vjp-bwd-args-mismatch",
        "ct_weights = row_totals(ct * feats)",
        Applicability.SAFE,
    ),
    "vjp_offset_scaled_by_spread": (
        "custom-vjp-bwd-args-mismatch",
        "g_offset = g / x.std()",
        Applicability.UNSAFE,
    ),
    # `.T` of a stack of matrices (in a helper) reverses every axis: the last two swapped.
    "vjp_stack_transpose_helper": (
        "custom-vjp-bwd-args-mismatch",
        "return (g * flipped(inv),)",
        Applicability.UNSAFE,
    ),
    # Every cotangent there, out of the primal's order: moved by the arguments they name.
    "vjp_cotangents_out_of_order": (
        "custom-vjp-bwd-structure",
        "return d_spring, d_x, d_v",
        Applicability.SAFE,  # the printed structures prove it
    ),
    # A dict's values made a tuple (in a helper), a dict due: the dict kept.
    "vjp_dict_values_flattened": (
        "custom-vjp-bwd-structure",
        "return tuple(d.values())",
        Applicability.SAFE,  # the printed structures prove it
    ),
    # A list over a tree's leaves, the tree due: mapped over the tree instead.
    "vjp_leaves_list_comp": (
        "custom-vjp-bwd-structure",
        "return ([0.9 * leaf for leaf in jax.tree_util.tree_leaves(ct)],)",
        Applicability.UNSAFE,
    ),
    # A one-use helper's grouped cotangents returned as they are: unpacked and returned flat.
    "vjp_helper_nested_grads": (
        "custom-vjp-bwd-structure",
        "return du, (dm, dv)",
        Applicability.UNSAFE,
    ),
    # One dict for has_aux: the entry the caller names as the output is the output.
    "aux_dict_named_by_caller": (
        "grad-has-aux-not-pair",
        'return {"bias": bias, "rmse": rmse, "worst": jnp.max(jnp.abs(resid))}',
        Applicability.UNSAFE,
    ),
    # One dict for has_aux, the caller naming none: the entry computed from the others.
    "aux_dict_total_of_parts": (
        "grad-has-aux-not-pair",
        'return {"kinetic": kinetic, "potential": potential, "lagrangian": lagrangian}',
        Applicability.UNSAFE,
    ),
    # A decorator's wrapper that calls the function it wraps and drops the result.
    "grad_wrapper_drops_result": (
        "grad-output-not-array",
        "TIMINGS.append(time.perf_counter() - start)",
        Applicability.UNSAFE,
    ),
    # Tangents in a list where the primal outputs are a tuple: converted, the values kept.
    "jvp_tangents_list_for_tuple": (
        "custom-jvp-output-structure",
        "return (kinetic, potential), rates",
        Applicability.SAFE,
    ),
    # A dict of terms and their total given to grad from an object: the culprit is its
    # ``__call__``'s return; the total entry is differentiated, read where the object is given
    # to grad.
    "grad_dict_with_total_entry": (
        "grad-output-not-array",
        'return dict(parts, total=parts["fit"] + parts["ridge"])',
        Applicability.UNSAFE,
    ),
    # A (1, 1) row-times-column tangent for a scalar output: its unit axes squeezed.
    "jvp_tangent_row_times_column": (
        "custom-jvp-tangent-mismatch",
        "return energy(x), force[None, :] @ x_dot[:, None]",
        Applicability.SAFE,
    ),
    # A differentiated value written into a closed-over Ref: written without its derivative.
    "ref_log_written_under_grad": ("ref-set-nondiff", None, Applicability.UNSAFE),
    # A pullback's pair of cotangents returned as one entry: spread into the output.
    "vjp_pullback_pair_nested": (
        "custom-vjp-bwd-structure",
        "return (dx, weights_pullback(g))",
        Applicability.SAFE,
    ),
    # A helper keeping its reduced axis by default, times the primal output: an outer product.
    "jvp_helper_keeps_axis_by_default": (
        "custom-jvp-tangent-mismatch",
        "return out, pairwise_dot(points, t) / out",
        Applicability.UNSAFE,
    ),
    # A helper's (tree, count) returned whole for a dict argument: the item shaped like it.
    "vjp_helper_tree_and_count": (
        "custom-vjp-bwd-structure",
        "return cleaned, bad",
        Applicability.UNSAFE,
    ),
}


@pytest.fixture(scope="module")
def catalog() -> Catalog:
    return Catalog.load(generated=None)


def read(path: Path) -> str | None:
    return path.read_text() if path.is_file() else None


def finding_of(catalog: Catalog, name: str, root: Path = HERE) -> tuple[FixTarget, str]:
    log = HERE / "logs" / f"{name}.log"
    analyzer = Analyzer(catalog, root, cwd=root)
    [finding] = [
        f
        for f in analyzer.analyze_lines(log.read_text().splitlines(), log.name)
        if f.severity == "error"
    ]
    target = finding_target(finding)
    assert target is not None
    record = catalog.record(finding.code)
    assert record is not None
    return target, record.example_fix or ""


def offered(catalog: Catalog, name: str, root: Path = HERE) -> list[Fix]:
    target, example = finding_of(catalog, name, root)
    return fixes_for(target, read, example)


def as_diff(path: Path, fixed: str) -> str:
    """The fix as ``diff -u`` prints it, as expected/<program>.diff holds it."""
    lines = difflib.unified_diff(
        path.read_text().splitlines(keepends=True),
        fixed.splitlines(keepends=True),
        f"a/{path.name}",
        f"b/{path.name}",
    )
    return "".join(lines)


def preferred(fixes: list[Fix]) -> Fix:
    return next((f for f in fixes if f.preferred), fixes[0])


def test_every_program_is_expected() -> None:
    assert set(PROGRAMS) == set(EXPECTED)


@pytest.mark.parametrize("name", PROGRAMS)
def test_the_fix_is_the_expected_source_and_the_culprit_its_line(
    catalog: Catalog, name: str
) -> None:
    code, culprit_text, applicability = EXPECTED[name]
    target, _ = finding_of(catalog, name)
    assert target.code == code
    if culprit_text is None:
        assert target.culprits == ()
    else:
        [culprit] = target.culprits
        lines = culprit.span.path.read_text().splitlines()
        assert lines[culprit.span.line - 1].strip() == culprit_text
    fix = preferred(fixes_for(target, read))
    assert fix.applicability == applicability
    [path] = {edit.path for edit in fix.edits}
    fixed = apply_edits(path.read_text(), fix.edits)
    ast.parse(fixed)
    assert as_diff(path, fixed) == (HERE / "expected" / f"{name}.diff").read_text()


def test_a_culprit_says_why_when_the_types_prove_the_line(catalog: Catalog) -> None:
    target, _ = finding_of(catalog, "vjp_keepdims_method")
    [culprit] = target.culprits
    assert culprit.why == (
        "`d_gain` is float32[1,4] where float32[4] is expected: the reduction keeps its axes "
        "with `keepdims=True`."
    )


def test_hijax_also_offers_vjp_bwd_retval(catalog: Catalog) -> None:
    fixes = offered(catalog, "hijax_two_accums")
    [retval] = [f for f in fixes if not f.preferred]
    [path] = {edit.path for edit in retval.edits}
    fixed = apply_edits(path.read_text(), retval.edits)
    assert "    def vjp_bwd_retval(self, saved, ct):\n" in fixed
    assert "        return (ct * w, ct * x)  # product rule\n" in fixed


# Edits that make the program one the types no longer prove a fix for.
DOUBTS = [
    # The helper's dict is keyed by names that are not the primal's arguments: neither read by
    # key nor taken as one argument's cotangent (the others then getting None).
    (
        "vjp_cotangents_keyed_by_name",
        "def bilinear(u, a, v):\n    return u @ a @ v",
        "def bilinear(left, mat, right):\n    return left @ mat @ right",
    ),
    # A norm or a mean is not the cotangent of a broadcast gain: no reshape makes it one.
    ("vjp_size_one_gain_full_sum", "jnp.sum(local * signal)", "jnp.linalg.norm(local * signal)"),
    ("vjp_size_one_gain_full_sum", "jnp.sum(local * signal)", "jnp.mean(local * signal)"),
    # The caller names the output after no entry, and no entry is computed from the others.
    ("aux_dict_named_by_caller", '"rmse": rmse', '"spread": rmse'),
    ("aux_dict_total_of_parts", "lagrangian = kinetic - potential", "lagrangian = kinetic - 2.0"),
    # The wrapper does not hand the wrapped function all it was given: not a plain delegation.
    ("grad_wrapper_drops_result", "fn(*args, **kwargs)", "fn(*args)"),
    # A cotangent named for another argument than its place's: which goes where is a guess.
    ("vjp_trailing_default_temperature", "return d_logits, g_shift", "return g_shift, d_logits"),
    # A contraction without the tangent: not the tangent's product with a slope.
    ("jvp_tangent_vdot_scalar", "jnp.vdot(slope, x_dot)", "jnp.vdot(slope, slope)"),
    # The siblings' aux reads a local the entry does not bind: no aux to copy.
    (
        "aux_registry_entry_metrics",
        "    r = x @ w - y\n    a = jnp.abs(r)\n    return jnp.mean(jnp.where(a < delta, 0.5 * r",
        "    e = x @ w - y\n    a = jnp.abs(e)\n    return jnp.mean(jnp.where(a < delta, 0.5 * e",
    ),
    # The siblings return different auxes: which one the entry owes is a guess.
    (
        "aux_registry_lambda_entry",
        "softplus(s_neg - s_pos)), (jnp.mean(",
        "softplus(s_neg - s_pos)), (jnp.max(",
    ),
    # Two locals never read: which is the metric is a guess.
    (
        "aux_unread_local_metric",
        "    return err\n",
        "    spread = jnp.std(noisy)\n    return err\n",
    ),
    # The helper is given a parameter first: not a row of the function's own values.
    ("aux_helper_row", "return log_row(xent, hits)", "return log_row(w[0], hits)"),
    # Terms not scaled by weights: a dict of values says nothing of their total.
    ("out_weighted_dict_comp", "loss * TASK_WEIGHT[task]", "loss + TASK_WEIGHT[task]"),
    # The name rebound after the wrapped call: it no longer holds what the function returned.
    ("out_wrapper_keeps_value", "SEEN.append(fn.__name__)", "loss = jnp.log(loss)"),
    # A jax call left in the operand: Python cannot round a traced value.
    ("bound_floor_steps", "jnp.floor(duration / step)", "jnp.floor(jnp.log(duration) / step)"),
    # The helper is called elsewhere too: editing it would change its other callers.
    (
        "vjp_stack_transpose_helper",
        "sum_logdet(covs), jnp.linalg.inv(covs)",
        "sum_logdet(covs), flipped(flipped(jnp.linalg.inv(covs)))",
    ),
    # Names that do not say which argument each cotangent is for, two of one structure.
    (
        "vjp_cotangents_out_of_order",
        "return d_spring, d_x, d_v",
        "return d_spring, d_x + 0, d_v + 0",
    ),
    # The dict's keys are not the input's: which entry is which is a guess.
    ("vjp_dict_values_flattened", '"b": jnp.sum(g, axis=0)', '"bias": jnp.sum(g, axis=0)'),
    # The bwd already uses a name the helper's return does: unpacking would clobber it.
    (
        "vjp_helper_nested_grads",
        "return score_grads(saved, g)",
        "dm = g\n    return score_grads(saved, dm)",
    ),
    # The wrapper reads what it unpacked beside the loss: it is not a dropped aux.
    ("aux_wrapper_drops_aux", "return factor * value", "return factor * value * extras"),
    # The seed is made from both outputs: which place it takes is not said.
    (
        "vjp_seed_for_one_of_two_outputs",
        "seed_like(center, row)",
        "seed_like(center + spread, row)",
    ),
    # Scores of two arrays: which one the index picks from is not said (and a cast would
    # start from the index).
    (
        "grad_start_at_argmax",
        "scores = jax.vmap(objective)(grid)",
        "scores = objective(grid) + objective(grid[::-1])",
    ),
    # The matrix product is not with the tangents: no row meets its own tangents.
    ("jvp_rows_times_stacked_tangents", "jnp.stack([t_a, t_b])", "jnp.stack([a, b])"),
    # A literal size, in code run for every leaf: one leaf's shape would not fit the others.
    ("jvp_probe_drawn_flat", "(leaf.size,)", "(12,)"),
    # The function indexes the argument: which value it wants is not said.
    ("grad_ref_among_argnums", "(raw * gain + offset", "(raw * gain[0] + offset"),
    # Not a product whose transpose is wanted: an outer product of other arrays.
    ("vjp_dot_transposed", "dw = jnp.dot(g.T, x)", "dw = jnp.outer(g.sum(0), x.sum(0))"),
    # The dict's keys are not the NamedTuple's fields: which field is which is a guess.
    ("vjp_dict_for_namedtuple", '"rest_length": -g', '"rest": -g'),
    # Not a zero: None would drop a real gradient.
    ("vjp_zeros_like_wrong", "jnp.zeros_like(g)", "g * 0.5"),
    # Without nondiff_argnums in sight, which slot is extra is a guess.
    ("vjp_nondiff_middle", "@partial(jax.custom_vjp, nondiff_argnums=(1,))", "@jax.custom_vjp"),
    # The residual the bwd rule reads is not bound in the fwd rule.
    (
        "fwd_single_residual",
        "def soft_threshold_fwd(v):\n    return soft_threshold(v)",
        "def soft_threshold_fwd(u):\n    return soft_threshold(u)",
    ),
    # A rule with a nondiff argument first: which arguments the primal takes is not ours.
    (
        "jvp_rule_no_unpack",
        "def log1pexp_jvp(primals, tangents):",
        "def log1pexp_jvp(n, primals, tangents):",
    ),
    # nondiff_argnums not written out: which entries are extra is not known. (Nor is the
    # primal `return x` the record's example `return g` renamed: it is not where the fault is.)
    ("vjp_static_methods_nondiff", "nondiff_argnums=(0,)", "nondiff_argnums=NONDIFF"),
    # Stacked along another axis: the two values are not the array's two rows.
    ("jvp_stacked_array", "return np.array(", "return np.stack(axis=1, arrays="),
    # Neither group is as long as the flat outputs beside it: which are primals is a guess.
    (
        "jvp_three_outputs_tangent_list",
        "return rho, polar, azimuth, [rho_dot, polar_dot, azimuth_dot]",
        "return rho, polar, azimuth, [rho_dot, polar_dot]",
    ),
    # The bwd rule reads its residuals other than by the class's fields.
    ("fwd_dataclass_residuals", "d_value = ct * saved.gate", "d_value = ct * saved[0]"),
    # A NamedTuple field's cotangent not named after it: which leaf is which is a guess.
    ("vjp_params_tuple_flat", "return (weight_ct, shift_ct, h_ct)", "return (a, shift_ct, h_ct)"),
    # The reduced axis is not one of size 1 in the input: which change is meant is a guess.
    ("vjp_channel_scale_sum_kept", ".sum(-1)", ".sum(0)"),
    # More entries than the primal has arguments: the spread value is not the only fault.
    ("vjp_spread_params_list", "return [*grads, w.T @ g]", "return [*grads, w.T @ g, g]"),
    # Two operands keep their axis: which one broadcast the product is not said.
    (
        "jvp_helper_keeps_axis_by_default",
        "pairwise_dot(points, t) / out",
        "pairwise_dot(points, t) / pairwise_dot(points, points)",
    ),
    # The helper's keepdims comes from no parameter that defaults to keeping the axis.
    ("jvp_helper_keeps_axis_by_default", "keep=True):", "keep=None):"),
    # No product with a tangent: summing would not be the directional derivative.
    ("jvp_energy_tangent_named", "rate = force * dx", "rate = force + dx"),
    # The vector's norm, not an overlap of two states: its magnitude squared is not the loss.
    ("complex_overlap_helper", "jnp.vdot(TARGET, psi)", "jnp.vdot(psi, psi)"),
    # The hook accumulates: what it returns is no statistic.
    ("hijax_hook_norm_stat", "jnp.linalg.norm(g)", "x_acc.accum(g)"),
    # A function JAX lacks (a sampler): only a custom_jvp rule the user writes would do.
    ("callback_stats_two_operands", "norm.cdf(", "norm.rvs("),
    # A primal made in the call: repeating it to map over its leaves would run it twice.
    ("refs_dontwant_dict_batch", "self.w, batch)", "self.w, dict(batch))"),
    # Ones, not zeros: the slot's values would move with its axes.
    ("refs_grad_slot_helper_row", "jnp.zeros_like(features", "jnp.ones_like(features"),
    # A seed of another value than one: ones like the output would change the gradient.
    ("vjp_seed_empty_shape", "jnp.ones([], dtype=jnp.float32)", "jnp.full([], 2.0)"),
    # An accumulator already used: returning its cotangent too is not the mapped case.
    (
        "hijax_two_accums",
        "        x, w = saved\n",
        "        x, w = saved\n        x_acc.accum(ct * w)\n",
    ),
]


def edited_copy(tmp_path: Path, name: str, old: str, new: str) -> Path:
    root = tmp_path / "rule_fixes"
    shutil.copytree(HERE, root, ignore=shutil.ignore_patterns("expected", "__pycache__"))
    program = root / f"{name}.py"
    text = program.read_text()
    assert old in text
    program.write_text(text.replace(old, new, 1))
    return root


@pytest.mark.parametrize(("name", "old", "new"), DOUBTS)
def test_no_edit_where_the_types_leave_a_doubt(
    catalog: Catalog, tmp_path: Path, name: str, old: str, new: str
) -> None:
    fixes = offered(catalog, name, edited_copy(tmp_path, name, old, new))
    titles = [f.title for f in fixes]
    if name == "hijax_two_accums":
        # What is left for it is "return nothing": one accumulator already holds its value.
        assert not any(t.startswith("Hand the cotangents") for t in titles), titles
    elif name == "vjp_zeros_like_wrong":
        # No None; what is left is the adjoint of the bias's broadcast, offered as unsafe.
        [fix] = fixes
        [edit] = fix.edits
        assert fix.applicability == Applicability.UNSAFE
        assert edit.new_text == "jnp.sum(g * 0.5, axis=0)"
    else:
        assert fixes == [], titles


def test_a_dict_display_of_cotangents_without_comments_becomes_their_tuple(
    catalog: Catalog, tmp_path: Path
) -> None:
    comment = "  # the temperature's cotangent"
    root = edited_copy(tmp_path, "vjp_cotangent_dict_display", comment, "")
    [fix] = offered(catalog, "vjp_cotangent_dict_display", root)
    [edit] = fix.edits
    assert edit.new_text == "g * s, jnp.sum(g * (x * s - y) / beta)"


def test_a_list_display_of_tangents_is_written_as_a_tuple(catalog: Catalog, tmp_path: Path) -> None:
    returned = "return (kinetic, potential), rates"
    displayed = "return (kinetic, potential), [rates[0], rates[1]]"
    root = edited_copy(tmp_path, "jvp_tangents_list_for_tuple", returned, displayed)
    [fix] = offered(catalog, "jvp_tangents_list_for_tuple", root)
    [edit] = fix.edits
    assert edit.new_text == "(rates[0], rates[1])"


def test_a_kept_axis_not_literally_kept_is_squeezed_where_it_is_returned(
    catalog: Catalog, tmp_path: Path
) -> None:
    root = edited_copy(tmp_path, "vjp_keepdims_method", "keepdims=True", "keepdims=bool(1)")
    [fix] = offered(catalog, "vjp_keepdims_method", root)
    [edit] = fix.edits
    assert (fix.title, edit.new_text) == (
        "Squeeze axis -2 of output[1]",
        "jnp.squeeze(d_gain, axis=-2)",
    )


def test_a_pair_class_whose_fields_say_nothing_gets_no_fix(
    catalog: Catalog, tmp_path: Path
) -> None:
    # Neither field named as an output or a tangent, neither value made by the function.
    name = "jvp_dataclass_pair_keywords"
    root = edited_copy(
        tmp_path,
        name,
        "    value: jax.Array\n    slope: jax.Array",
        "    a: jax.Array\n    b: jax.Array",
    )
    program = root / f"{name}.py"
    program.write_text(
        program.read_text().replace(
            "Jet(slope=x / y * x_t, value=y)", "Jet(x / y * x_t, jnp.sqrt(x * x + 1e-3))"
        )
    )
    assert offered(catalog, name, root) == []


def test_an_overlap_reported_elsewhere_is_squared_where_the_loss_calls_it(
    catalog: Catalog, tmp_path: Path
) -> None:
    name = "complex_overlap_helper"
    root = edited_copy(tmp_path, name, "print(theta)", "print(theta, transition_amplitude(theta))")
    [fix] = offered(catalog, name, root)
    program = root / f"{name}.py"
    fixed = apply_edits(program.read_text(), fix.edits)
    assert "    return -jnp.abs(transition_amplitude(theta)) ** 2\n" in fixed
    assert "    return jnp.vdot(TARGET, psi)\n" in fixed


def test_no_fix_once_the_rule_moved_since_the_run(catalog: Catalog, tmp_path: Path) -> None:
    root = tmp_path / "rule_fixes"
    shutil.copytree(HERE, root, ignore=shutil.ignore_patterns("expected", "__pycache__"))
    target, example = finding_of(catalog, "vjp_dot_transposed", root)
    program = root / "vjp_dot_transposed.py"
    # A line added above the rule after the run: the culprit's line is another statement now.
    program.write_text(program.read_text().replace("def dense_bwd", "# moved\ndef dense_bwd"))
    assert fixes_for(target, read, example) == []


# --- the example shown in the user's names -------------------------------------------------


def test_the_example_takes_the_users_function_and_parameter_names() -> None:
    example = ast.parse("@f.defjvp\ndef rule(primals, tangents):\n    pass\n").body[0]
    user = ast.parse("@softplus.defjvp\ndef sp_jvp(ps, ts):\n    pass\n").body[0]
    assert isinstance(example, ast.FunctionDef) and isinstance(user, ast.FunctionDef)
    mapping = name_mapping(example, user)
    assert mapping == {"rule": "sp_jvp", "primals": "ps", "tangents": "ts", "f": "softplus"}
    code = "@f.defjvp\ndef rule(primals, tangents):\n    return f(*primals), g(primals=primals).f\n"
    assert rename(code, mapping) == (
        "@softplus.defjvp\ndef sp_jvp(ps, ts):\n    return softplus(*ps), g(primals=ps).f\n"
    )


def test_the_example_keeps_its_names_when_a_swap_would_collide() -> None:
    # The user's parameter is called like another name of the example: renaming would merge them.
    assert rename("def bwd(res, g):\n    x = res\n    return g * x\n", {"res": "x"}) is None
    assert rename("x = 1\n", {"a": "b", "c": "b"}) is None
    assert rename("x = 1\n", {"x": "class"}) is None


@pytest.mark.parametrize(
    ("name", "why"),
    [
        (
            "fwd_single_residual",
            "`soft_threshold_fwd` returns `soft_threshold(v)`, where it must return a pair "
            "(output, residuals).",
        ),
        (
            "hijax_two_accums",
            "`vjp_bwd` returns `(ct * w, ct * x)`, where it must return None (the accumulators "
            "take the cotangents) or a dict of logs.",
        ),
        (
            "vjp_namedtuple_bare",
            "`energy_bwd` returns `Spring(k=g * 0.5 * stretch ** 2, rest=-g * p.k * stretch)`, "
            "of structure PyTreeDef(CustomNode(namedtuple[Spring], [*, *])), where one "
            "cotangent per differentiable argument of the primal is due: "
            "PyTreeDef((CustomNode(namedtuple[Spring], [*, *]),)).",
        ),
    ],
)
def test_a_rule_culprit_says_what_it_returns_and_what_is_due(
    catalog: Catalog, name: str, why: str
) -> None:
    target, _ = finding_of(catalog, name)
    [culprit] = target.culprits
    assert culprit.why == why


def test_registered_peers_that_reduce_differently_leave_the_usual_mean_first(
    catalog: Catalog, tmp_path: Path
) -> None:
    root = edited_copy(
        tmp_path,
        "nonscalar_registry_peer_sum",
        "return jnp.sum(jnp.where",
        "return jnp.mean(jnp.where",
    )
    first = offered(catalog, "nonscalar_registry_peer_sum", root)[0]
    assert first.title.startswith("Return the mean of `l2`'s output")


def test_a_complex_difference_without_a_logarithm_has_its_magnitude_squared(
    catalog: Catalog, tmp_path: Path
) -> None:
    old = "jnp.log(1.0 + sx) - jnp.log(1.0 + sy)"
    root = edited_copy(tmp_path, "complex_log_spectra", old, "sx - sy")
    [fix] = offered(catalog, "complex_log_spectra", root)
    assert fix.title == "Square the magnitude: jnp.abs(sx - sy) ** 2"


def test_functions_under_one_keyless_decorator_are_no_registry(
    catalog: Catalog, tmp_path: Path
) -> None:
    name = "nonscalar_registered_by_decorator"
    root = edited_copy(tmp_path, name, '@prior("tv")', "@jax.jit")
    program = root / f"{name}.py"
    program.write_text(program.read_text().replace('@prior("curvature")', "@jax.jit"))
    first = offered(catalog, name, root)[0]
    assert first.title.startswith("Return the mean of `curvature`'s output")
