import jax
import jax.numpy as jnp

from tvd.objective import make_objective


def denoise(noisy, lam=0.8, iters=200, lr=0.1, kind="tv"):
    objective = make_objective(noisy, lam, kind=kind)
    grad = jax.jit(jax.grad(objective))
    u = noisy
    for _ in range(iters):
        u = u - lr * grad(u)
    return u


def step_signal(key, n=120):
    clean = jnp.where(jnp.arange(n) < n // 3, 0.0, 1.0) - jnp.where(jnp.arange(n) > 2 * n // 3, 1.5, 0.0)
    return clean + 0.2 * jax.random.normal(key, (n,))


def main():
    noisy = step_signal(jax.random.key(3))
    u = denoise(noisy)
    print("denoised range:", float(u.min()), float(u.max()))


if __name__ == "__main__":
    main()
