import jax
import jax.numpy as jnp
from jax.flatten_util import ravel_pytree

from newton.cg import conjugate_gradient
from newton.hvp import hvp


def logistic_loss(params, x, y, l2=1e-2):
    logits = x @ params["w"] + params["b"]
    nll = jnp.mean(jnp.logaddexp(0.0, logits) - y * logits)
    return nll + 0.5 * l2 * jnp.sum(params["w"] ** 2)


def newton_step(params, x, y):
    loss = lambda p: logistic_loss(p, x, y)
    g_flat, unravel = ravel_pytree(jax.grad(loss)(params))
    matvec = lambda v: ravel_pytree(hvp(loss, params, unravel(v)))[0]
    step = conjugate_gradient(matvec, -g_flat)
    return jax.tree.map(lambda p, s: p + s, params, unravel(step))


def main(iters=5):
    kx, kw = jax.random.split(jax.random.key(2))
    x = jax.random.normal(kx, (300, 6))
    w_true = jax.random.normal(kw, (6,))
    y = (x @ w_true + 0.3 > 0).astype(jnp.float32)
    params = {"w": jnp.zeros(6), "b": jnp.array(0.0)}
    for i in range(iters):
        params = newton_step(params, x, y)
        print(f"iter {i}: loss {float(logistic_loss(params, x, y)):.5f}")
    return logistic_loss(params, x, y)


if __name__ == "__main__":
    main()
