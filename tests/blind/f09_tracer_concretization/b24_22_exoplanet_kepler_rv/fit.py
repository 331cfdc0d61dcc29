"""Maximum-likelihood fit of a one-planet Keplerian to radial velocities."""
import jax
import jax.numpy as jnp

from orbit import radial_velocity

TRUE = jnp.array([jnp.log(35.0), jnp.log(12.3), 0.4, 0.3, 1.0, 5.0])
START = jnp.array([jnp.log(30.0), jnp.log(12.3), 0.35, 0.35, 0.9, 0.0])
# per-parameter step sizes: the period is already known to a few parts in 1e4 from the periodogram
STEP_SIZES = jnp.array([1e-5, 1e-8, 1e-5, 1e-5, 1e-5, 2e-3])


def observations(key, n=40, jitter=2.0):
    k1, k2 = jax.random.split(key)
    t = jnp.sort(jax.random.uniform(k1, (n,), minval=0.0, maxval=90.0))
    return t, radial_velocity(TRUE, t) + jitter * jax.random.normal(k2, (n,))


def neg_log_like(theta, t, rv, jitter=2.0):
    return 0.5 * jnp.sum((radial_velocity(theta, t) - rv) ** 2) / jitter**2


def fit(t, rv, iters=400, lr=STEP_SIZES):
    step = jax.jit(jax.value_and_grad(neg_log_like))
    theta = START
    for _ in range(iters):
        nll, g = step(theta, t, rv)
        theta = theta - lr * g
    return theta, nll


def main():
    t, rv = observations(jax.random.key(1))
    theta, nll = fit(t, rv)
    print("NLL %.1f at start, %.1f after fit" % (neg_log_like(START, t, rv), nll))
    print("K = %.1f m/s, P = %.2f d" % (jnp.exp(theta[0]), jnp.exp(theta[1])))
    return t, rv, theta


if __name__ == "__main__":
    main()
