# saliency.py -- which sensor channels drive the fault score?
import jax
import jax.numpy as jnp
import numpy as np

from normalizer import RunningNormalizer, linear_head

N_CHANNELS = 4
norm = RunningNormalizer(N_CHANNELS)
W = jnp.array([0.8, -0.3, 0.5, 0.1])


def fault_score(mean_ref, readings, w):
    z = norm(mean_ref, readings)
    return jnp.sum(linear_head(w, z))


def main():
    readings = jnp.asarray(np.random.default_rng(1).normal(size=(16, N_CHANNELS)), jnp.float32)
    score, pullback = jax.vjp(fault_score, norm.mean, readings, W)
    print("fault score:", score)
    d_mean = jax.new_ref(jnp.zeros(N_CHANNELS))
    _, d_readings, d_w = pullback.with_refs(
        d_mean, jax.ad.GradValue(), jax.ad.GradValue())(jnp.ones_like(score))
    saliency = jnp.mean(jnp.abs(d_readings), axis=0)
    print("channel saliency:", saliency)
    print("head sensitivity:", d_w)
    return saliency


if __name__ == "__main__":
    main()
