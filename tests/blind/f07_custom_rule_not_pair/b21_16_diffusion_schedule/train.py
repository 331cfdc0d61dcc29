"""Continuous-time denoiser trained with a schedule-derivative weighted loss."""
import jax
import jax.numpy as jnp

from diffusion_utils import per_image
from schedule import alpha_bar


def denoiser(params, x_t, t):
    b, h, w, c = x_t.shape
    flat = x_t.reshape(b, -1)
    feats = jnp.concatenate([flat, t[:, None]], axis=1)
    hid = jax.nn.gelu(feats @ params["w1"])
    return (hid @ params["w2"]).reshape(b, h, w, c)


def weighted_eps_loss(params, x0, key):
    kt, kn = jax.random.split(key)
    t = jax.random.uniform(kt, (x0.shape[0],), minval=0.02, maxval=0.98)
    a, da_dt = jax.jvp(alpha_bar, (t,), (jnp.ones_like(t),))
    noise = jax.random.normal(kn, x0.shape)
    x_t = per_image(jnp.sqrt(a)) * x0 + per_image(jnp.sqrt(1 - a)) * noise
    err = jnp.mean((denoiser(params, x_t, t) - noise) ** 2, axis=(1, 2, 3))
    weight = -da_dt / (1 - a)          # derivative of the log-SNR, up to a factor a
    return jnp.mean(weight * err)


def main():
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    x0 = jnp.tanh(jax.random.normal(k1, (16, 4, 4, 1)))
    d = 4 * 4 * 1
    params = {"w1": jax.random.normal(k2, (d + 1, 32)) * 0.1, "w2": jax.random.normal(k3, (32, d)) * 0.1}
    step = jax.jit(jax.value_and_grad(weighted_eps_loss))
    for i in range(3):
        loss, grads = step(params, x0, jax.random.key(10 + i))
        params = jax.tree.map(lambda p, g: p - 1e-3 * g, params, grads)
        print(f"step {i}: {float(loss):.4f}")
    return float(loss)


if __name__ == "__main__":
    main()
