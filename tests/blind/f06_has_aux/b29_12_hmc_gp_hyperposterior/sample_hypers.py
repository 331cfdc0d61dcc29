import jax
import jax.numpy as jnp
import numpy as np

from gp_posterior import GPHyperPosterior
from hmc import HMC


def tide_gauge(n=30, seed=0):
    rng = np.random.default_rng(seed)
    x = np.sort(rng.uniform(0, 10, n))
    y = np.sin(x) + 0.2 * rng.standard_normal(n)
    return jnp.asarray(x, dtype=jnp.float32), jnp.asarray(y, dtype=jnp.float32)


def sample(n_samples=100, seed=0):
    x, y = tide_gauge()
    sampler = HMC(GPHyperPosterior(x, y).log_prob)
    q = jnp.array([0.0, 0.0, -1.0])
    key = jax.random.key(seed)
    draws, n_acc = [], 0
    for _ in range(n_samples):
        key, sub = jax.random.split(key)
        q, acc = sampler.step(q, sub)
        draws.append(q)
        n_acc += int(acc)
    return jnp.stack(draws), n_acc / n_samples


def main():
    draws, rate = sample()
    print("acceptance", rate, "posterior mean lengthscale", float(jnp.exp(draws[50:, 0]).mean()))


if __name__ == "__main__":
    main()
