import jax

from pretrain.objectives import OBJECTIVES


class Pretrainer:
    def __init__(self, objective, lr=0.01):
        self.grad_fn = jax.jit(jax.value_and_grad(OBJECTIVES[objective], has_aux=True))
        self.lr = lr
        self.history = []

    def step(self, params, windows, key):
        (loss, logs), grads = self.grad_fn(params, windows, key)
        self.history.append({"loss": loss, **logs})
        return jax.tree.map(lambda p, g: p - self.lr * g, params, grads)

    def run(self, params, windows, key, steps):
        for k in jax.random.split(key, steps):
            params = self.step(params, windows, k)
        return params
