"""Ports of the custom autograd Functions from our PyTorch code base.

Weights keep PyTorch's nn.Linear layout, (out_features, in_features),
so that checkpoints can be converted with a plain .numpy().
"""
import jax
import jax.numpy as jnp


@jax.custom_vjp
def linear(x, weight, bias):
    return x @ weight.T + bias


def _linear_fwd(x, weight, bias):
    return linear(x, weight, bias), (x, weight)


def _linear_bwd(res, grad_output):
    x, weight = res
    grad_input = grad_output @ weight
    grad_weight = grad_output.T @ x
    grad_bias = grad_output.sum(0)
    return grad_input, grad_weight, grad_bias


linear.defvjp(_linear_fwd, _linear_bwd)


def init_linear(key, in_features, out_features):
    bound = 1.0 / jnp.sqrt(in_features)
    kw, kb = jax.random.split(key)
    w = jax.random.uniform(kw, (out_features, in_features), minval=-bound, maxval=bound)
    b = jax.random.uniform(kb, (out_features,), minval=-bound, maxval=bound)
    return w, b
