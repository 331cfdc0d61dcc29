"""One-step-ahead prediction loss and its gradient through the parameter Refs."""
import jax
import jax.numpy as jnp

from sysid.buffers import grad_buffers, read


def prediction_loss(system, states, inputs):
    a = system["A"][...].astype(jnp.float32)
    b = system["B"][...].astype(jnp.float32)
    pred = states[:-1] @ a.T + inputs[:-1] @ b.T
    return jnp.mean((pred - states[1:]) ** 2)


def train_step(system, states, inputs, lr):
    loss, f_vjp = jax.vjp(prediction_loss, system, states, inputs)
    grads = grad_buffers(system)
    skip = jax.ad.DontWant()
    f_vjp.with_refs(grads, skip, skip)(jnp.ones_like(loss))
    for name, g in read(grads).items():
        system[name][...] -= (lr * g).astype(system[name].dtype)
    return loss
