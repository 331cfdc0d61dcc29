"""Feature saliency for a trained classifier."""
import jax
import jax.numpy as jnp

import classifier
from attribution import saliency


def explain_batch(params, norm, x):
    norm.update(x)
    _, x_map, _ = saliency(classifier.class_score, params, x, norm.stats[...])
    return jnp.mean(x_map, axis=0)


def main():
    key = jax.random.PRNGKey(0)
    params = classifier.init(key)
    norm = classifier.RunningNorm(6)
    x = 2.0 * jax.random.normal(jax.random.PRNGKey(1), (32, 6)) + 0.5
    importance = explain_batch(params, norm, x)
    print("feature importance", importance)


if __name__ == "__main__":
    main()
