import jax
import jax.numpy as jnp

from glm import poisson_nll

N_TIME, N_STIM, N_NEURONS = 500, 5, 3
stim = jax.random.normal(jax.random.key(0), (N_TIME, N_STIM))
true_w = 0.5 * jax.random.normal(jax.random.key(1), (N_STIM, N_NEURONS))
counts = jax.random.poisson(jax.random.key(2), jnp.exp(stim @ true_w + 3.0) * 0.01).astype(jnp.float32)

dnll = jax.jit(jax.grad(poisson_nll, argnums=(0, 1)))


def fit(lr=1e-3, iters=100):
    w = jnp.zeros((N_STIM, N_NEURONS))
    b = jnp.full((N_NEURONS,), 3.0)
    for _ in range(iters):
        gw, gb = dnll(w, b, stim, counts)
        w, b = w - lr * gw, b - lr * gb
    return w, b


def main():
    w, b = fit()
    print("weight error", float(jnp.abs(w - true_w).mean()))
    return w


if __name__ == "__main__":
    main()
