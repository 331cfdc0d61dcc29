"""Train a linear probe whose weights live in a Ref."""

import jax
import jax.numpy as jnp

from store import ProbeConfig, WeightStore, readout_error


def sgd_step(store: WeightStore, x, y) -> float:
    cfg = store.cfg
    loss, pullback = jax.vjp(readout_error, store.w, x, y)
    grad_buf = jax.new_ref(jnp.zeros_like(store.w[...]))
    pullback.with_refs(grad_buf, jax.ad.DontWant(), jax.ad.DontWant())(jnp.ones_like(loss))
    store.w[...] -= cfg.lr * grad_buf[...]
    return float(loss)


def train(n_steps: int = 30):
    cfg = ProbeConfig()
    kx, kt, kw = jax.random.split(jax.random.key(5), 3)
    x = jax.random.normal(kx, (64, cfg.n_in))
    y = x @ jax.random.normal(kt, (cfg.n_in, cfg.n_out))
    store = WeightStore(cfg, kw)
    return [sgd_step(store, x, y) for _ in range(n_steps)]


def main():
    losses = train()
    print(f"probe loss {losses[0]:.4f} -> {losses[-1]:.4f}")


if __name__ == "__main__":
    main()
