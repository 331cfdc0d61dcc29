"""Linear model of log house prices, trained with explicit backward passes."""
import jax
import jax.numpy as jnp

from nn import SGD, Linear


def mse(weight, bias, X, y):
    pred = X @ weight[...] + bias[...]
    return jnp.mean((pred[:, 0] - y) ** 2)


def backward(layer, X, y):
    loss, f_vjp = jax.vjp(mse, layer.weight, layer.bias, X, y)
    skip = jax.ad.DontWant()
    f_vjp.with_refs(layer.weight_grad, layer.bias_grad, skip, skip)(jnp.ones_like(loss))
    return loss


def train(X, y, epochs=100, lr=0.1):
    layer = Linear(jax.random.key(0), X.shape[1], 1)
    opt = SGD([layer], lr)
    for _ in range(epochs):
        opt.zero_grad()
        loss = backward(layer, X, y)
        opt.step()
    return layer, loss
