import jax
import jax.numpy as jnp

from imaging import tv_denoise


def phantom(n=32):
    yy, xx = jnp.mgrid[:n, :n]
    return ((xx - n / 2) ** 2 + (yy - n / 2) ** 2 < (n / 4) ** 2).astype(jnp.float32)


def main(iters=50):
    clean = phantom()
    noisy = clean + 0.2 * jax.random.normal(jax.random.key(0), clean.shape)
    out = tv_denoise(noisy, iters=iters)
    err_before = float(jnp.mean((noisy - clean) ** 2))
    err_after = float(jnp.mean((out - clean) ** 2))
    print(f"mse noisy {err_before:.4f} -> denoised {err_after:.4f}")
    return err_before, err_after


if __name__ == "__main__":
    main()
