from functools import partial

import jax
import jax.numpy as jnp

import model
import vi


class Adam:
    def __init__(self, lr=0.05, b1=0.9, b2=0.999, eps=1e-8):
        self.lr, self.b1, self.b2, self.eps = lr, b1, b2, eps

    def init(self, params):
        zeros = jax.tree.map(jnp.zeros_like, params)
        return {"m": zeros, "v": zeros, "t": 0}

    def update(self, params, grads, state):
        t = state["t"] + 1
        m = jax.tree.map(lambda m, g: self.b1 * m + (1 - self.b1) * g, state["m"], grads)
        v = jax.tree.map(lambda v, g: self.b2 * v + (1 - self.b2) * g * g, state["v"], grads)
        step = self.lr * jnp.sqrt(1 - self.b2 ** t) / (1 - self.b1 ** t)
        params = jax.tree.map(lambda p, m, v: p - step * m / (jnp.sqrt(v) + self.eps), params, m, v)
        return params, {"m": m, "v": v, "t": t}


def fit(n_steps=300, seed=0):
    guide = vi.init_guide(model.DIM)
    opt = Adam()
    state = opt.init(guide)
    objective = jax.jit(jax.value_and_grad(
        partial(vi.negative_elbo, log_joint=model.log_joint), has_aux=True))
    key = jax.random.key(seed)
    for i in range(n_steps):
        key, sub = jax.random.split(key)
        (loss, (ell, entropy)), grads = objective(guide, key=sub)
        guide, state = opt.update(guide, grads, state)
    return guide, loss


def main():
    guide, loss = fit()
    print("neg ELBO", float(loss))
    print("mu ~", float(guide["loc"][0]), "tau ~", float(jnp.exp(guide["loc"][1])))


if __name__ == "__main__":
    main()
