"""Input-gradient saliency of a logistic scorer, one backward pass for the batch."""
import jax
import jax.numpy as jnp

from seeds import unit_seed


def scorer(weights, x):
    return jax.nn.sigmoid(x @ weights["w"] + weights["b"])


def saliency(weights, x):
    scores, pullback = jax.vjp(lambda inputs: scorer(weights, inputs), x)
    (grad_x,) = pullback(unit_seed(scores))
    return jnp.abs(grad_x)


def main():
    weights = {"w": jnp.array([0.5, -1.0, 2.0]), "b": jnp.array(0.1)}
    x = jax.random.normal(jax.random.PRNGKey(0), (10, 3))
    maps = saliency(weights, x)
    print("mean saliency per feature", maps.mean(axis=0))
    return maps


if __name__ == "__main__":
    main()
