import jax
import jax.numpy as jnp

from vi import elbo_and_grad


def main(iters=100):
    data = jnp.array([1.2, 0.8, 1.1, 1.4, 0.9])
    q = {"mu": jnp.array(0.0), "log_sigma": jnp.array(0.0)}
    key = jax.random.key(3)
    for i in range(iters):
        key, sub = jax.random.split(key)
        value, g = elbo_and_grad(q, sub, data)
        q = {k: q[k] - 0.01 * g[k] for k in q}
    print("posterior mean", float(q["mu"]), "-elbo", float(value))
    return float(q["mu"])


if __name__ == "__main__":
    main()
