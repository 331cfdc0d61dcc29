"""Recover FitzHugh-Nagumo parameters from a recorded action-potential train."""
import jax
import jax.numpy as jnp

from fhn import FitzHughNagumo
from trainer import Trainer

TRUE = {"a": jnp.float32(0.7), "b": jnp.float32(0.8), "eps": jnp.float32(0.08)}


def recording(model, key):
    clean = model.simulate(TRUE)
    return clean + 0.02 * jax.random.normal(key, clean.shape)


def main(epochs=150):
    model = FitzHughNagumo()
    data = recording(model, jax.random.key(0))
    start = {"a": jnp.float32(0.6), "b": jnp.float32(0.75), "eps": jnp.float32(0.07)}
    params, history, aux = Trainer(model, lr=3e-4).fit(start, data, epochs)
    print("loss %.4f -> %.4f" % (history[0], history[-1]))
    print({k: round(float(v), 3) for k, v in params.items()}, "peak", float(aux["peak_mv"]))
    return history


if __name__ == "__main__":
    main()
