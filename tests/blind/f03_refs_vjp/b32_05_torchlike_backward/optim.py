"""loss.backward() and optimizer.step(), the JAX way (or so we hope)."""
import jax
import jax.numpy as jnp


def backward(loss_fn, params, *batch):
    loss, pullback = jax.vjp(lambda *ps: loss_fn(list(ps), *batch), *params)
    wanted = [jax.ad.GradValue() for _ in params]
    grads = pullback.with_refs(*wanted)(jnp.ones_like(loss))
    return loss, grads


def sgd_step(params, grads, lr):
    for p, g in zip(params, grads):
        p[...] -= lr * g
