import jax
import jax.numpy as jnp

from neuro.init import baseline_from_raster, gain_from_stimulus
from neuro.likelihood import nll

BASELINE_BINS = 50


def recording(key, n_bins=400, n_neurons=8):
    k1, k2 = jax.random.split(key)
    stimulus = jnp.sin(jnp.linspace(0.0, 20.0, n_bins)) * (jnp.arange(n_bins) >= BASELINE_BINS)
    p = 0.05 + 0.3 * jax.nn.sigmoid(3.0 * stimulus)[:, None] * jnp.ones((1, n_neurons))
    raster = jax.random.bernoulli(k2, p).astype(jnp.int32)
    return stimulus, raster


def fit(stimulus, raster, steps=100, lr=1e-3):
    baseline = baseline_from_raster(raster[:BASELINE_BINS])
    gain = gain_from_stimulus(stimulus, raster.shape[1])
    grad_fn = jax.jit(jax.grad(nll, argnums=(0, 1)))
    for _ in range(steps):
        g_base, g_gain = grad_fn(baseline, gain, stimulus, raster)
        baseline = jnp.maximum(baseline - lr * g_base, 1e-3)
        gain = gain - lr * g_gain
    return baseline, gain


def main():
    stimulus, raster = recording(jax.random.key(2))
    baseline, gain = fit(stimulus, raster)
    print("baseline counts", baseline, "gain", gain)


if __name__ == "__main__":
    main()
