"""Learn band weights so the flux peaks at annotated drum onsets."""
import jax
import jax.numpy as jnp

from onset.config import DEFAULT
from onset.pipeline import detect_jit


def synthetic_drums(key, n=16384, sr=16000):
    onsets = jnp.array([1000, 5000, 9000, 13000])
    t = jnp.arange(n)
    env = sum(jnp.where(t >= o, jnp.exp(-(t - o) / 400.0), 0.0) for o in onsets)
    hiss = 0.05 * jax.random.normal(key, (n,))
    return env * jax.random.normal(jax.random.PRNGKey(1), (n,)) + hiss, onsets


def loss(weights, signal, target, cfg):
    flux = detect_jit(weights, signal, cfg)
    p = jax.nn.sigmoid(flux - 1.0)
    return -jnp.mean(target * jnp.log(p + 1e-6) + (1 - target) * jnp.log(1 - p + 1e-6))


def train(n_steps=40, lr=0.5, cfg=DEFAULT):
    signal, onsets = synthetic_drums(jax.random.PRNGKey(0))
    n_frames = 1 + (signal.shape[0] - cfg.win) // cfg.hop
    target = jnp.zeros(n_frames - 1).at[onsets // cfg.hop - 1].set(1.0)
    weights = jnp.full(cfg.n_bands, 0.1)
    grad_fn = jax.value_and_grad(loss)
    history = []
    for _ in range(n_steps):
        value, g = grad_fn(weights, signal, target, cfg)
        weights = weights - lr * g
        history.append(float(value))
    return weights, history


def main():
    weights, history = train()
    print("bce", history[0], "->", history[-1])


if __name__ == "__main__":
    main()
