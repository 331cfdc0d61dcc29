"""A fused MLP kernel: keeps only the activations, recomputes nothing."""

import jax

from backprop import backward_stack, forward_stack


@jax.custom_vjp
def fused_mlp(weights, x):
    return forward_stack(weights, x)[-1]


def _fused_mlp_fwd(weights, x):
    acts = forward_stack(weights, x)
    return acts[-1], (weights, acts)


def _fused_mlp_bwd(res, g):
    weights, acts = res
    weight_cts, x_ct = backward_stack(weights, acts, g)
    return weight_cts, x_ct


fused_mlp.defvjp(_fused_mlp_fwd, _fused_mlp_bwd)
