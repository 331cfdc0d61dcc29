"""Gradient descent on Ref-held parameters, accumulating gradients in place."""
import jax
import jax.numpy as jnp

from model import new_params, ridge_loss, zero_grads


def descend(params, batch, lr=0.1, steps=20):
    loss = None
    for _ in range(steps):
        grads = zero_grads(params)
        loss, f_vjp = jax.vjp(ridge_loss, params, batch)
        f_vjp.with_refs(grads, jax.ad.DontWant())(jnp.ones_like(loss))
        for k in params:
            params[k][...] -= lr * grads[k][...]
    return loss


def synthetic(key, n=40, d=3):
    kx, ke = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    y = x @ jnp.array([1.5, -2.0, 0.5]) + 0.3 + 0.1 * jax.random.normal(ke, (n,))
    return x, y


def main():
    params = new_params(3)
    loss = descend(params, synthetic(jax.random.key(0)))
    print("loss", loss, "coef", params["coef"][...])


if __name__ == "__main__":
    main()
