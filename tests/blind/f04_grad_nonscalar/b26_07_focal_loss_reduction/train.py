"""Training loop for the multi-label tagger with a hand-written Adam."""
import jax
import jax.numpy as jnp

from objective import init_head, objective


def adam_init(params):
    zeros = jax.tree.map(jnp.zeros_like, params)
    return (zeros, zeros, jnp.zeros((), jnp.int32))


def adam_update(grads, state, params, lr=3e-3, b1=0.9, b2=0.999, eps=1e-8):
    m, v, t = state
    t = t + 1
    m = jax.tree.map(lambda m, g: b1 * m + (1 - b1) * g, m, grads)
    v = jax.tree.map(lambda v, g: b2 * v + (1 - b2) * g**2, v, grads)
    mhat = jax.tree.map(lambda m: m / (1 - b1**t), m)
    vhat = jax.tree.map(lambda v: v / (1 - b2**t), v)
    params = jax.tree.map(lambda p, m, v: p - lr * m / (jnp.sqrt(v) + eps), params, mhat, vhat)
    return params, (m, v, t)


@jax.jit
def train_step(params, opt_state, batch):
    (loss, metrics), grads = jax.value_and_grad(objective, has_aux=True)(params, batch)
    params, opt_state = adam_update(grads, opt_state, params)
    return params, opt_state, dict(metrics, loss=loss)


def synthetic_batch(key, n=64, d=24, n_labels=6):
    kx, kw = jax.random.split(key)
    x = jax.random.normal(kx, (n, d))
    labels = (x @ jax.random.normal(kw, (d, n_labels)) > 1.5).astype(jnp.float32)
    return {"x": x, "labels": labels}


def run(steps=40):
    batch = synthetic_batch(jax.random.key(0))
    params = init_head(jax.random.key(1), 24, 6)
    opt_state = adam_init(params)
    for _ in range(steps):
        params, opt_state, metrics = train_step(params, opt_state, batch)
    return jax.tree.map(float, metrics)


def main():
    print(run())


if __name__ == "__main__":
    main()
