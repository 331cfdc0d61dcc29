"""An in-place momentum optimizer over Ref-held parameters."""
import jax
import jax.numpy as jnp


class Momentum:
    def __init__(self, params_ref, lr=0.05, beta=0.9):
        self.params_ref = params_ref
        self.velocity = jax.new_ref(jnp.zeros_like(params_ref[...]))
        self.lr = lr
        self.beta = beta

    def step(self, loss_fn, *data):
        loss, f_vjp = jax.vjp(loss_fn, self.params_ref, *data)
        cts = f_vjp(jnp.ones_like(loss))
        grad = cts[0]
        self.velocity[...] = self.beta * self.velocity[...] + grad
        self.params_ref[...] -= self.lr * self.velocity[...]
        return loss
