"""Online autoencoder for sensor streams: one in-place update per incoming window."""

import jax
import jax.numpy as jnp

from store import ParamStore


def init_params(key, n_in=12, n_code=4):
    k1, k2 = jax.random.split(key)
    return {
        "encoder": {"w": 0.3 * jax.random.normal(k1, (n_in, n_code)), "b": jnp.zeros(n_code)},
        "decoder": {"w": 0.3 * jax.random.normal(k2, (n_code, n_in)), "b": jnp.zeros(n_in)},
    }


def reconstruction_error(params, window):
    code = jnp.tanh(window @ params["encoder"]["w"][...] + params["encoder"]["b"][...])
    recon = code @ params["decoder"]["w"][...] + params["decoder"]["b"][...]
    return jnp.mean((recon - window) ** 2)


def update(store, window, lr=0.05):
    store.zero_grads()
    err, f_vjp = jax.vjp(reconstruction_error, store.params, window)
    f_vjp.with_refs(store.grads, jax.ad.DontWant())(jnp.ones_like(err))
    store.apply_sgd(lr)
    return err


def windows(key, n_windows=30, size=8, n_in=12):
    phase = jnp.linspace(0, 2 * jnp.pi, n_in)
    t = jnp.arange(n_windows * size, dtype=jnp.float32)[:, None] * 0.1
    data = jnp.sin(t + phase) + 0.05 * jax.random.normal(key, (n_windows * size, n_in))
    return data.reshape(n_windows, size, n_in)


def main():
    store = ParamStore(init_params(jax.random.key(0)))
    errors = [update(store, w) for w in windows(jax.random.key(1))]
    print("first", errors[0], "last", errors[-1], store.grad_norms())
    return errors


if __name__ == "__main__":
    main()
