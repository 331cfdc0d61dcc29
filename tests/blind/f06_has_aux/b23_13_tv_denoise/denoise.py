import functools

import jax
import jax.numpy as jnp

from energy import objective, tv


@functools.partial(jax.jit, static_argnames=("n_iter",))
def denoise(noisy, lam=0.15, tau=0.05, n_iter=100):
    step = jax.grad(objective)

    def body(u, _):
        return u - tau * step(u, noisy, lam), None

    u, _ = jax.lax.scan(body, noisy, None, length=n_iter)
    return u


def phantom(n=32):
    yy, xx = jnp.mgrid[:n, :n]
    square = ((xx > n // 4) & (xx < 3 * n // 4) & (yy > n // 4) & (yy < 3 * n // 4)).astype(jnp.float32)
    return square


def main():
    clean = phantom()
    noisy = clean + 0.2 * jax.random.normal(jax.random.key(0), clean.shape)
    u = denoise(noisy)
    print("TV noisy", float(tv(noisy)), "TV denoised", float(tv(u)))
    print("error noisy", float(jnp.abs(noisy - clean).mean()), "denoised", float(jnp.abs(u - clean).mean()))
    return u, noisy


if __name__ == "__main__":
    main()
