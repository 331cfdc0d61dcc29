"""Backward pass for the Ref-backed layer: VJP of the layer, then an SGD update."""
import jax
import jax.numpy as jnp


def mse(pred, target):
    return jnp.mean((pred - target) ** 2)


def backward(layer, x, target):
    pred, layer_vjp = jax.vjp(layer.apply, layer.weight, layer.bias, x)
    loss, loss_vjp = jax.vjp(mse, pred, target)
    d_pred, _ = loss_vjp(jnp.ones_like(loss))
    d_weight = jax.new_ref(jnp.zeros_like(layer.weight[...]))
    d_bias = jax.new_ref(jnp.zeros_like(layer.bias[...]))
    layer_vjp.with_refs(d_weight, d_bias, jax.ad.DontWant())(d_pred)
    return loss, (d_weight[...], d_bias[...])


def sgd_step(layer, grads, lr):
    for p, g in zip(layer.parameters(), grads):
        p[...] -= lr * g
