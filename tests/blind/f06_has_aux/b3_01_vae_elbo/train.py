"""Train the VAE with Adam written by hand."""
import jax
import jax.numpy as jnp

import vae


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return {"m": zeros, "v": zeros, "t": 0}


def adam_update(params, grads, state, lr=1e-2, b1=0.9, b2=0.999, eps=1e-8):
    t = state["t"] + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, state["m"], grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, state["v"], grads)
    new = jax.tree.map(
        lambda p, m, v: p - lr * (m / (1 - b1**t)) / (jnp.sqrt(v / (1 - b2**t)) + eps),
        params, m, v,
    )
    return new, {"m": m, "v": v, "t": t}


@jax.jit
def step(params, opt_state, x, key):
    grad_fn = jax.value_and_grad(vae.negative_elbo, has_aux=True)
    (loss, (recon, kl)), grads = grad_fn(params, x, key)
    params, opt_state = adam_update(params, grads, opt_state)
    return params, opt_state, {"loss": loss, "recon": recon, "kl": kl}


def main():
    key = jax.random.PRNGKey(0)
    data = jax.random.normal(key, (128, 2)) @ jax.random.normal(jax.random.PRNGKey(1), (2, 8))
    params = vae.init(jax.random.PRNGKey(2))
    opt_state = adam_init(params)
    for i in range(50):
        params, opt_state, metrics = step(params, opt_state, data, jax.random.fold_in(key, i))
    print({k: float(v) for k, v in metrics.items()})
    return metrics


if __name__ == "__main__":
    main()
