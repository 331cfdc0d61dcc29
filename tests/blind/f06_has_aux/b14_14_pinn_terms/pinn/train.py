import jax

from pinn.terms import all_terms, combine_terms

WEIGHTS = {"pde": 1.0, "boundary": 10.0, "initial": 10.0}


def loss(params, colloc, boundary, initial, k=0.1):
    return combine_terms(all_terms(params, colloc, boundary, initial, k), WEIGHTS)


def train(params, colloc, boundary, initial, steps=100, lr=1e-3):
    grad_fn = jax.jit(jax.grad(loss))
    for _ in range(steps):
        grads = grad_fn(params, colloc, boundary, initial)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params
