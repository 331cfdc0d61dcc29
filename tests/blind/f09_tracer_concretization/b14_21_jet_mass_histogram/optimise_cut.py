import jax
import jax.numpy as jnp

from hep.analysis import neg_significance_grad

BINNING = {"n_bins": 20, "lo": 50.0, "hi": 150.0}


def events(key, n=2000):
    k1, k2, k3 = jax.random.split(key, 3)
    is_signal = (jax.random.uniform(k1, (n,)) < 0.1).astype(jnp.float32)
    masses = jnp.where(is_signal > 0, 125.0 + 5.0 * jax.random.normal(k2, (n,)),
                       50.0 + 100.0 * jax.random.uniform(k2, (n,)))
    scores = jax.nn.sigmoid(2.0 * (is_signal - 0.5) + jax.random.normal(k3, (n,)))
    return masses, scores, is_signal


def optimise(steps=50, lr=0.01):
    masses, scores, is_signal = events(jax.random.key(0))
    cut = jnp.float32(0.3)
    for _ in range(steps):
        z, g = neg_significance_grad(cut, masses, scores, is_signal,
                                     BINNING["n_bins"], BINNING["lo"], BINNING["hi"])
        cut = cut - lr * g
    return cut, -z


def main():
    cut, z = optimise()
    print(f"cut {float(cut):.3f} significance {float(z):.2f}")


if __name__ == "__main__":
    main()
