import functools

import jax
import jax.numpy as jnp

from claims.frequency import poisson_deviance


@functools.partial(jax.jit, static_argnames=("link",))
def newton_free_step(beta, features, exposure, counts, link, lr=0.2):
    grad = jax.grad(poisson_deviance)(beta, features, exposure, counts, link)
    return beta - lr * grad


def portfolio(key, n=400):
    kf, ke, kc = jax.random.split(key, 3)
    age = jax.random.uniform(kf, (n,), minval=18, maxval=80)
    features = jnp.stack([jnp.ones(n), (age - 45.0) / 15.0, ((age - 45.0) / 15.0) ** 2], axis=1)
    exposure = jax.random.uniform(ke, (n,), minval=0.2, maxval=1.0)
    counts = jax.random.poisson(kc, exposure * 0.15 * (1 + 0.3 * features[:, 2])).astype(jnp.float32)
    return features, exposure, counts


def main(steps=150):
    features, exposure, counts = portfolio(jax.random.key(8))
    beta = jnp.array([-1.5, 0.0, 0.0])
    for _ in range(steps):
        beta = newton_free_step(beta, features, exposure, counts, "softplus")
    dev = poisson_deviance(beta, features, exposure, counts)
    print("beta", beta.round(3), "deviance", float(dev))
    return dev


if __name__ == "__main__":
    main()
