"""Stream windows of a synthetic 3-class vibration sensor and learn online."""

import jax
import jax.numpy as jnp

from stream.autodiff import vjp_grads
from stream.model import RunningNormalizer, init_mlp, xent

N_FEATURES = 6


def window_batch(key, n=32):
    ky, kx = jax.random.split(key)
    y = jax.random.randint(ky, (n,), 0, 3)
    centers = jnp.array([[0.0] * N_FEATURES, [2.0] * N_FEATURES, [-1.0, 3.0] * 3])
    x = 5.0 + centers[y] + jax.random.normal(kx, (n, N_FEATURES))
    return x, y


def run(n_batches=20, lr=0.1):
    norm = RunningNormalizer(N_FEATURES)
    params = init_mlp(jax.random.key(0), [N_FEATURES, 16, 3])
    key = jax.random.key(1)
    losses = []
    for _ in range(n_batches):
        key, sub = jax.random.split(key)
        x, y = window_batch(sub)
        norm.observe(x)
        skip = jax.ad.DontWant()
        wants = [jax.tree.map(lambda _: jax.ad.GradValue(), params), skip, skip, skip]
        loss, (g_params, *_) = vjp_grads(xent, params, norm.stats, x, y, wants=wants)
        params = jax.tree.map(lambda p, g: p - lr * g, params, g_params)
        losses.append(loss)
    return jnp.stack(losses)


def main():
    losses = run()
    print("loss first/last", float(losses[0]), float(losses[-1]))


if __name__ == "__main__":
    main()
